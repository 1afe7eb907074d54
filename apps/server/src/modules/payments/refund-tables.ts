import type { ColumnType, Generated, Selectable } from 'kysely';

/*
 * The tables of migration 0017 (refunds), merged into the database's interface from here so that
 * they stay beside the code that owns them.
 */

type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RefundsTable {
  id: Generated<number>;
  /** out_refund_no / out_request_no: unique, what makes a refund idempotent. */
  refund_no: string;
  order_id: number;
  amount_fen: number;
  reason: string;
  status: ColumnType<'processing' | 'succeeded' | 'failed', 'processing' | 'succeeded' | 'failed' | undefined, 'processing' | 'succeeded' | 'failed'>;
  channel_refund_no: string | null;
  failure_reason: string | null;
  raw: string | null;
  vip_days_removed: number | null;
  vip_expire_before: Date | null;
  vip_expire_after: Date | null;
  operator_id: number | null;
  created_at: Instant;
  updated_at: Instant;
  completed_at: Date | null;
}

export interface SandboxRefundsTable {
  refund_no: string;
  order_no: string;
  amount_fen: number;
  refund_id: string;
  created_at: Instant;
}

export type RefundRow = Selectable<RefundsTable>;

declare module '../../db/schema.js' {
  interface Database {
    refunds: RefundsTable;
    sandbox_refunds: SandboxRefundsTable;
  }
}
