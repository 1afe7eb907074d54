import type {
  Paged,
  ReconciliationChannel,
  ReconciliationDay,
  ReconciliationDayDetail,
  ReconciliationDifferenceKind,
  ReconciliationListQuery,
  ReconciliationStatus,
} from '@drama/contracts';
import type { Insertable } from 'kysely';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { addDays, dayOf, dayStart } from '../analytics/days.js';
import type { PaymentChannels } from '../payments/channel-registry.js';
import { ChannelError, type ChannelKey, type TradeBillLine } from '../payments/channels/channel.js';
import * as queries from './reconciliation-queries.js';
import type { ReconciliationDaysTable, ReconciliationDifferencesTable } from './reconciliation-tables.js';

/** The job that reconciles a day (default: yesterday in APP_TIMEZONE). */
export const RECONCILE_DAY_JOB = 'orders.reconcile-day';
/**
 * Every morning at 10:30: Alipay publishes a day's bill after 09:00 and WeChat Pay after 10:00
 * (China time), so the day before is reconciled once both can be had.
 */
export const RECONCILE_DAY_CRON = '30 10 * * *';
const CHANNEL_KEYS: readonly ChannelKey[] = ['alipay', 'wechat', 'sandbox'];
/** Both channels cut their bills by the day in China Standard Time. */
const CHINA = 'Asia/Shanghai';
const RANK: Record<ReconciliationStatus, number> = { matched: 1, differences: 2, failed: 3 };

type Difference = Insertable<ReconciliationDifferencesTable>;

function worst(statuses: ReconciliationStatus[]): ReconciliationStatus {
  return statuses.reduce<ReconciliationStatus>((found, status) => (RANK[status] > RANK[found] ? status : found), 'matched');
}

/**
 * The daily reconciliation: for each channel, the server's paid orders and refunds of a day
 * (APP_TIMEZONE) against the channel's trade bill, line by line. Idempotent: a day's result is
 * replaced whole, however often it is computed.
 */
export class ReconciliationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: PaymentChannels,
  ) {}

  private get timeZone(): string {
    return this.ctx.config.APP_TIMEZONE;
  }

  private today(): string {
    return dayOf(this.ctx.clock(), this.timeZone);
  }

  job(): JobDefinition<{ day?: string }> {
    return {
      name: RECONCILE_DAY_JOB,
      retryLimit: 3,
      retryDelaySeconds: 600,
      run: async (data) => {
        await this.run(data.day ?? addDays(this.today(), -1));
      },
    };
  }

  async registerJobs(): Promise<void> {
    await this.ctx.jobs.register(this.job());
    await this.ctx.jobs.schedule(RECONCILE_DAY_JOB, RECONCILE_DAY_CRON, { timeZone: this.timeZone });
  }

  /** Reconciles one day and stores the result in place of the last; with an actor, audited in the same transaction. */
  async run(day: string, actor?: Actor): Promise<ReconciliationDayDetail> {
    if (day > this.today()) throw new AppError('RECONCILIATION_DAY_IN_FUTURE', `${day} has not begun in ${this.timeZone}`);
    const from = dayStart(day, this.timeZone);
    const to = dayStart(addDays(day, 1), this.timeZone);
    const now = this.ctx.clock();
    const rows: Array<Insertable<ReconciliationDaysTable>> = [];
    const differences: Difference[] = [];
    for (const key of CHANNEL_KEYS) {
      const adapter = this.channels.byKey(key);
      if (!adapter) continue;
      const [payments, refunds] = await Promise.all([
        queries.serverPayments(this.ctx.db, key, from, to),
        queries.serverRefunds(this.ctx.db, key, from, to),
      ]);
      const serverAmount = payments.reduce((sum, row) => sum + row.amount_fen, 0) - refunds.reduce((sum, row) => sum + row.amount_fen, 0);
      const base = {
        day,
        channel: key,
        server_count: payments.length + refunds.length,
        server_amount_fen: serverAmount,
        computed_at: now,
      };
      let lines: TradeBillLine[];
      try {
        lines = [];
        // The China days the APP_TIMEZONE day overlaps: one, or two where the zones differ.
        for (let chinaDay = dayOf(from, CHINA); chinaDay <= dayOf(new Date(to.getTime() - 1), CHINA); chinaDay = addDays(chinaDay, 1)) {
          lines.push(...(await adapter.tradeBill(chinaDay)));
        }
        lines = lines.filter((line) => line.at >= from && line.at < to);
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error;
        rows.push({ ...base, status: 'failed', channel_count: 0, channel_amount_fen: 0, differences: 0, error: error.message.slice(0, 500) });
        continue;
      }
      const found = await this.compare(key, day, payments, refunds, lines);
      differences.push(...found);
      rows.push({
        ...base,
        status: found.length > 0 ? 'differences' : 'matched',
        channel_count: lines.length,
        channel_amount_fen: lines.reduce((sum, line) => sum + (line.type === 'payment' ? line.amountFen : -line.amountFen), 0),
        differences: found.length,
        error: null,
      });
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      await queries.replaceDay(trx, day, rows, differences);
      if (actor) {
        await writeAudit(trx, actor, {
          action: 'reconciliation.run',
          targetType: 'reconciliation',
          targetId: day,
          after: Object.fromEntries(rows.map((row) => [row.channel, { status: row.status, differences: row.differences }])),
        });
      }
    });
    return this.detail(day);
  }

  private async compare(
    key: ChannelKey,
    day: string,
    payments: queries.ServerPayment[],
    refunds: queries.ServerRefund[],
    lines: TradeBillLine[],
  ): Promise<Difference[]> {
    const found: Difference[] = [];
    const add = (kind: ReconciliationDifferenceKind, fields: Omit<Difference, 'day' | 'channel' | 'kind'>) => found.push({ day, channel: key, kind, ...fields });

    const serverPaid = new Map(payments.map((row) => [row.order_no, row]));
    const channelPaid = lines.filter((line) => line.type === 'payment');
    const unknownOrders = await queries.ordersByNo(this.ctx.db, channelPaid.filter((line) => !serverPaid.has(line.orderNo)).map((line) => line.orderNo));
    const ordersByNo = new Map(unknownOrders.map((row) => [row.order_no, row]));
    const seen = new Set<string>();
    for (const line of channelPaid) {
      const common = { line_type: 'payment' as const, order_no: line.orderNo.slice(0, 64), channel_trade_no: line.channelTradeNo, channel_amount_fen: line.amountFen, channel_status: 'paid', channel_at: line.at };
      const server = serverPaid.get(line.orderNo);
      if (server) {
        seen.add(line.orderNo);
        if (server.amount_fen !== line.amountFen) add('amount_differs', { ...common, order_id: server.id, server_amount_fen: server.amount_fen, server_status: 'success' });
        continue;
      }
      const order = ordersByNo.get(line.orderNo);
      const ours = order && (key === 'sandbox' ? order.channel_mode === 'sandbox' : order.channel === key && order.channel_mode === 'live');
      if (!order || !ours) add('missing_on_server', { ...common, order_id: null, server_amount_fen: null, server_status: null });
      else add('status_differs', { ...common, order_id: order.id, server_amount_fen: order.amount_fen, server_status: order.status });
    }
    for (const row of payments) {
      if (seen.has(row.order_no)) continue;
      add('missing_at_channel', { line_type: 'payment', order_no: row.order_no, order_id: row.id, channel_trade_no: row.channel_trade_no, server_amount_fen: row.amount_fen, channel_amount_fen: null, server_status: 'success', channel_status: null, channel_at: null });
    }

    const serverRefunded = new Map(refunds.map((row) => [row.refund_no, row]));
    const channelRefunds = lines.filter((line) => line.type === 'refund');
    const otherRefunds = await queries.refundsByNo(
      this.ctx.db,
      channelRefunds.flatMap((line) => (line.refundNo && !serverRefunded.has(line.refundNo) ? [line.refundNo] : [])),
    );
    const refundsByNo = new Map(otherRefunds.map((row) => [row.refund_no, row]));
    const seenRefunds = new Set<string>();
    for (const line of channelRefunds) {
      const common = { line_type: 'refund' as const, order_no: line.orderNo.slice(0, 64), refund_no: line.refundNo, channel_trade_no: line.channelTradeNo, channel_amount_fen: line.amountFen, channel_status: 'refunded', channel_at: line.at };
      const server = line.refundNo ? serverRefunded.get(line.refundNo) : undefined;
      if (server && line.refundNo) {
        seenRefunds.add(line.refundNo);
        if (server.amount_fen !== line.amountFen) add('amount_differs', { ...common, order_id: server.order_id, server_amount_fen: server.amount_fen, server_status: 'succeeded' });
        continue;
      }
      const other = line.refundNo ? refundsByNo.get(line.refundNo) : undefined;
      if (!other) add('missing_on_server', { ...common, order_id: null, server_amount_fen: null, server_status: null });
      else add('status_differs', { ...common, order_id: other.order_id, server_amount_fen: other.amount_fen, server_status: other.status });
    }
    for (const row of refunds) {
      if (seenRefunds.has(row.refund_no)) continue;
      add('missing_at_channel', { line_type: 'refund', order_no: row.order_no, order_id: row.order_id, refund_no: row.refund_no, channel_trade_no: null, server_amount_fen: row.amount_fen, channel_amount_fen: null, server_status: 'succeeded', channel_status: null, channel_at: null });
    }
    return found;
  }

  private presentDays(rows: Awaited<ReturnType<typeof queries.channelsOfDays>>, days: string[]): ReconciliationDay[] {
    return days.map((day) => {
      const channels = rows
        .filter((row) => row.day === day)
        .map((row) => ({
          channel: row.channel,
          status: row.status,
          serverCount: row.server_count,
          serverAmountFen: Number(row.server_amount_fen),
          channelCount: row.channel_count,
          channelAmountFen: Number(row.channel_amount_fen),
          differences: row.differences,
          error: row.error,
          computedAt: new Date(row.computed_at).toISOString(),
        }));
      return { day, status: worst(channels.map((channel) => channel.status)), channels };
    });
  }

  async list(query: ReconciliationListQuery): Promise<Paged<ReconciliationDay> & { timezone: string }> {
    const { days, total } = await queries.listDays(this.ctx.db, query.status, pageWindow(query));
    const rows = await queries.channelsOfDays(this.ctx.db, days);
    return { ...pageOf(query, this.presentDays(rows, days), total), timezone: this.timeZone };
  }

  async detail(day: string): Promise<ReconciliationDayDetail> {
    const rows = await queries.channelsOfDays(this.ctx.db, [day]);
    if (rows.length === 0) throw new AppError('RECONCILIATION_NOT_FOUND', `${day} has not been reconciled`);
    const [summary] = this.presentDays(rows, [day]);
    const differences = await queries.differencesOfDay(this.ctx.db, day);
    return {
      ...(summary as ReconciliationDay),
      timezone: this.timeZone,
      differences: differences.map((row) => ({
        id: row.id,
        channel: row.channel as ReconciliationChannel,
        kind: row.kind,
        lineType: row.line_type,
        orderNo: row.order_no,
        orderId: row.order_id,
        refundNo: row.refund_no,
        channelTradeNo: row.channel_trade_no,
        serverAmountFen: row.server_amount_fen,
        channelAmountFen: row.channel_amount_fen,
        serverStatus: row.server_status,
        channelStatus: row.channel_status,
        channelAt: row.channel_at ? new Date(row.channel_at).toISOString() : null,
      })),
    };
  }
}
