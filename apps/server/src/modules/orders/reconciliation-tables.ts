import type { ColumnType, Generated, Selectable } from 'kysely';

/*
 * The tables of migration 0022 (the daily reconciliation), merged into the database's interface
 * from here so that they stay beside the code that owns them.
 */

type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
/** A date column: read as a Date by pg and as a string by PGlite, written as 'YYYY-MM-DD'. */
type Day = ColumnType<Date | string, string, string>;
/** bigint sums come back as strings from pg. */
type Fen = ColumnType<number | string, number, number>;

export interface ReconciliationDaysTable {
  day: Day;
  channel: 'alipay' | 'wechat' | 'sandbox';
  status: 'matched' | 'differences' | 'failed';
  server_count: number;
  server_amount_fen: Fen;
  channel_count: number;
  channel_amount_fen: Fen;
  differences: number;
  error: string | null;
  computed_at: Instant;
}

export interface ReconciliationDifferencesTable {
  id: Generated<number>;
  day: Day;
  channel: 'alipay' | 'wechat' | 'sandbox';
  kind: 'missing_at_channel' | 'missing_on_server' | 'amount_differs' | 'status_differs';
  line_type: 'payment' | 'refund';
  order_no: string;
  order_id: number | null;
  refund_no: string | null;
  channel_trade_no: string | null;
  server_amount_fen: number | null;
  channel_amount_fen: number | null;
  server_status: string | null;
  channel_status: string | null;
  channel_at: Date | null;
}

export type ReconciliationDayRow = Selectable<ReconciliationDaysTable>;
export type ReconciliationDifferenceRow = Selectable<ReconciliationDifferencesTable>;

declare module '../../db/schema.js' {
  interface Database {
    reconciliation_days: ReconciliationDaysTable;
    reconciliation_differences: ReconciliationDifferencesTable;
  }
}
