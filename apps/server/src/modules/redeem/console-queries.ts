import type { CampaignState, ConsoleCampaignListQuery } from '@drama/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

/** A campaign with its counts, as the console lists it. */
function campaigns(db: Db) {
  return db
    .selectFrom('redeem_batches as b')
    .select([
      'b.id',
      'b.name',
      'b.type',
      'b.value',
      'b.count',
      'b.expires_at',
      'b.revoked_at',
      'b.created_at',
      'b.created_by_name',
      (eb) =>
        eb
          .selectFrom('redeem_codes as c')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('c.batch_id', '=', 'b.id')
          .where('c.used_at', 'is not', null)
          .as('redeemed'),
      (eb) =>
        eb
          .selectFrom('redeem_codes as c')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('c.batch_id', '=', 'b.id')
          .where('c.revoked_at', 'is not', null)
          .as('revoked'),
    ]);
}

export type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaigns>['executeTakeFirstOrThrow']>>;

/** The state filter in SQL, the same rule as campaignState() below. */
function inState(eb: ExpressionBuilder<Database & { b: Database['redeem_batches'] }, 'b'>, state: CampaignState, now: Date) {
  const unused = eb.exists(
    eb.selectFrom('redeem_codes as c').select('c.id').whereRef('c.batch_id', '=', 'b.id').where('c.used_at', 'is', null),
  );
  const live = eb.and([eb('b.revoked_at', 'is', null), eb.or([eb('b.expires_at', 'is', null), eb('b.expires_at', '>', now)])]);
  switch (state) {
    case 'revoked':
      return eb('b.revoked_at', 'is not', null);
    case 'ended':
      return eb.and([eb('b.revoked_at', 'is', null), eb('b.expires_at', '<=', now)]);
    case 'exhausted':
      return eb.and([live, eb.not(unused)]);
    case 'active':
      return eb.and([live, unused]);
  }
}

export function campaignState(row: Pick<CampaignRow, 'revoked_at' | 'expires_at' | 'count' | 'redeemed'>, now: Date): CampaignState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'ended';
  return Number(row.redeemed) >= row.count ? 'exhausted' : 'active';
}

export async function listCampaigns(db: Db, query: ConsoleCampaignListQuery, page: PageWindow, now: Date) {
  let base = db.selectFrom('redeem_batches as b');
  if (query.q) base = base.where('b.name', 'ilike', `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (query.type) base = base.where('b.type', '=', query.type);
  const state = query.state;
  if (state) base = base.where((eb) => inState(eb, state, now));
  const ids = base.select('b.id');
  const rows = campaigns(db)
    .where('b.id', 'in', ids)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return withTotal(rows, base);
}

export async function findCampaign(db: Db, id: number) {
  return campaigns(db).where('b.id', '=', id).executeTakeFirst();
}

/** Locks the campaign's row for a change (revocation). */
export async function lockCampaign(db: Db, id: number) {
  return db.selectFrom('redeem_batches').select(['id', 'revoked_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Ends the campaign's unused, unexpired codes now; returns how many. A code a member is taking
 * at this moment is either taken first (and stays theirs) or finds its expiry passed.
 */
export async function revokeUnused(db: Db, id: number, now: Date): Promise<number> {
  const rows = await db
    .updateTable('redeem_codes')
    .set({ revoked_at: now, expires_at: now })
    .where('batch_id', '=', id)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning('id')
    .execute();
  await db.updateTable('redeem_batches').set({ revoked_at: now }).where('id', '=', id).execute();
  return rows.length;
}

/** The campaign's codes in creation order, for the export. */
export async function campaignCodes(db: Db, id: number) {
  return db
    .selectFrom('redeem_codes')
    .select(['code', 'expires_at', 'used_at', 'used_by', 'revoked_at'])
    .where('batch_id', '=', id)
    .orderBy('id')
    .execute();
}

/** Redemptions per local day (in `timezone`) of the campaign. */
export async function redemptionsPerDay(db: Db, id: number, timezone: string) {
  const day = sql<string>`to_char(used_at at time zone ${timezone}, 'YYYY-MM-DD')`;
  return db
    .selectFrom('redeem_codes')
    .select([day.as('day'), (eb) => eb.fn.countAll<string>().as('count')])
    .where('batch_id', '=', id)
    .where('used_at', 'is not', null)
    // By position: the day's expression carries its time zone as a parameter of its own each time.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}
