import type {
  CampaignRedemptions,
  CampaignRevoke,
  ConsoleCampaign,
  ConsoleCampaignCreate,
  ConsoleCampaignListQuery,
  Paged,
} from '@drama/contracts';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { csvLine } from '../../platform/csv.js';
import * as queries from './console-queries.js';
import type { RedeemService } from './service.js';

const CSV_COLUMNS = ['code', 'type', 'value', 'expires_at', 'status', 'redeemed_at', 'redeemed_by'] as const;

/** A local calendar day (YYYY-MM-DD) in `timezone`. */
function localDay(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The days from `first` to `last` (both YYYY-MM-DD), each once. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${first}T00:00:00Z`); days.length < 3660; at = new Date(at.getTime() + 86_400_000)) {
    const day = at.toISOString().slice(0, 10);
    if (day > last) break;
    days.push(day);
  }
  return days;
}

/**
 * Redeem campaigns for finance: a campaign is a batch of codes made by RedeemService.create
 * (the same path the admin API takes), listed with its redemptions, exported as CSV, and
 * revoked, which ends its unused codes at once.
 */
export class CampaignConsoleService {
  constructor(
    private readonly ctx: AppContext,
    private readonly redeem: RedeemService,
  ) {}

  private present(row: queries.CampaignRow, now: Date): ConsoleCampaign {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      value: row.value,
      count: row.count,
      redeemed: Number(row.redeemed),
      revoked: Number(row.revoked),
      state: queries.campaignState(row, now),
      expiresAt: row.expires_at?.toISOString() ?? null,
      revokedAt: row.revoked_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by_name,
    };
  }

  private async orThrow(id: number): Promise<queries.CampaignRow> {
    const row = await queries.findCampaign(this.ctx.db, id);
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND', `Campaign ${id} not found`);
    return row;
  }

  async list(query: ConsoleCampaignListQuery): Promise<Paged<ConsoleCampaign>> {
    const now = this.ctx.clock();
    const { rows, total } = await queries.listCampaigns(this.ctx.db, query, pageWindow(query), now);
    return pageOf(query, rows.map((row) => this.present(row, now)), total);
  }

  async get(id: number): Promise<ConsoleCampaign> {
    return this.present(await this.orThrow(id), this.ctx.clock());
  }

  async create(actor: Actor, body: ConsoleCampaignCreate): Promise<ConsoleCampaign> {
    if (body.expiresAt !== undefined && new Date(body.expiresAt) <= this.ctx.clock()) {
      throw new AppError('CAMPAIGN_EXPIRY_IN_PAST', 'The campaign must end in the future');
    }
    const made = await this.redeem.create(
      { type: body.type, value: body.value, count: body.count, campaign: body.name, ...(body.expiresAt ? { expiresAt: new Date(body.expiresAt).toISOString() } : {}) },
      actor,
    );
    return this.get(made.batchId);
  }

  /** Ends the unused codes; a second revocation finds nothing left and is refused. */
  async revoke(actor: Actor, id: number, body: CampaignRevoke): Promise<ConsoleCampaign> {
    const now = this.ctx.clock();
    await this.ctx.db.transaction().execute(async (trx) => {
      const locked = await queries.lockCampaign(trx, id);
      if (!locked) throw new AppError('CAMPAIGN_NOT_FOUND', `Campaign ${id} not found`);
      if (locked.revoked_at !== null) throw new AppError('CAMPAIGN_REVOKED', 'This campaign has been revoked already');
      const ended = await queries.revokeUnused(trx, id, now);
      await writeAudit(trx, actor, {
        action: 'redeem.batch-revoke',
        targetType: 'redeem-batch',
        targetId: id,
        before: { revokedAt: null },
        after: { revokedAt: now.toISOString(), codesEnded: ended, reason: body.reason },
      });
    });
    return this.get(id);
  }

  /** Redemptions per day in APP_TIMEZONE, with the days without any, from the first day to today or the end. */
  async redemptions(id: number): Promise<CampaignRedemptions> {
    const row = await this.orThrow(id);
    const timezone = this.ctx.config.APP_TIMEZONE;
    const counted = await queries.redemptionsPerDay(this.ctx.db, id, timezone);
    const byDay = new Map(counted.map((entry) => [entry.day, Number(entry.count)]));
    const now = this.ctx.clock();
    const ends = [now, row.expires_at, row.revoked_at].filter((at): at is Date => at !== null);
    const last = localDay(new Date(Math.min(...ends.map((at) => at.getTime()))), timezone);
    const first = localDay(row.created_at, timezone);
    const lastCounted = counted.at(-1)?.day ?? last;
    const days = daysBetween(first, lastCounted > last ? lastCounted : last);
    return { timezone, days: days.map((day) => ({ day, count: byDay.get(day) ?? 0 })) };
  }

  /** The campaign's codes as CSV lines, header first; each export is audited (the codes are worth money). */
  async *exportCsv(actor: Actor, id: number): AsyncGenerator<string> {
    const row = await this.orThrow(id);
    await writeAudit(this.ctx.db, actor, { action: 'redeem.batch-export', targetType: 'redeem-batch', targetId: id, after: { count: row.count } });
    const now = this.ctx.clock();
    // A byte-order mark, so that spreadsheets read the file as UTF-8 (as the orders export).
    yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
    for (const code of await queries.campaignCodes(this.ctx.db, id)) {
      const status = code.used_at !== null ? 'redeemed' : code.revoked_at !== null ? 'revoked' : code.expires_at !== null && code.expires_at <= now ? 'expired' : 'unused';
      yield csvLine([code.code, row.type, row.value, code.expires_at?.toISOString() ?? null, status, code.used_at?.toISOString() ?? null, code.used_by]);
    }
  }
}
