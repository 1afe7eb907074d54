/**
 * Refunds of paid orders, made by the console through each channel's refund API.
 *
 * - refunds: one row per refund number (out_refund_no / out_request_no), which is what makes a
 *   refund idempotent: a replay, or two requests at once, find the same row. The member's VIP
 *   shortening is recorded on the row (the days removed, the expiry before and after), so the
 *   row is the VIP history of the refund; the audit log has the operator and the reason.
 * - sandbox_refunds: what the sandbox channel was asked to refund, as a real channel keeps it.
 */
export const statements = [
  `create table refunds (
    id serial primary key,
    refund_no text not null unique,
    order_id integer not null references orders (id),
    amount_fen integer not null check (amount_fen > 0),
    reason text not null,
    status text not null default 'processing' check (status in ('processing', 'succeeded', 'failed')),
    channel_refund_no text,
    failure_reason text,
    raw text,
    vip_days_removed integer,
    vip_expire_before timestamptz,
    vip_expire_after timestamptz,
    operator_id integer references operators (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    completed_at timestamptz
  )`,
  `create index refunds_order_idx on refunds (order_id)`,
  `create table sandbox_refunds (
    refund_no text primary key,
    order_no text not null,
    amount_fen integer not null check (amount_fen > 0),
    refund_id text not null,
    created_at timestamptz not null default now()
  )`,
  `create index sandbox_refunds_order_idx on sandbox_refunds (order_no)`,
  `create index orders_created_idx on orders (created_at)`,
];
