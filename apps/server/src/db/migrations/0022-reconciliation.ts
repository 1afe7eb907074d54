/**
 * The daily reconciliation: for each day (APP_TIMEZONE) and channel, what the server recorded
 * against what the channel's trade bill says.
 *
 * - reconciliation_days: one row per day and channel, the totals of both sides (payments less
 *   refunds), how many lines differ, or the channel's error when its bill could not be had.
 * - reconciliation_differences: the lines that differ. Recomputing a day deletes its rows and
 *   writes them again in one transaction, so a day has one result, the latest.
 */
export const statements = [
  `create table reconciliation_days (
    day date not null,
    channel text not null check (channel in ('alipay', 'wechat', 'sandbox')),
    status text not null check (status in ('matched', 'differences', 'failed')),
    server_count integer not null default 0,
    server_amount_fen bigint not null default 0,
    channel_count integer not null default 0,
    channel_amount_fen bigint not null default 0,
    differences integer not null default 0,
    error text,
    computed_at timestamptz not null default now(),
    primary key (day, channel)
  )`,
  `create table reconciliation_differences (
    id serial primary key,
    day date not null,
    channel text not null,
    kind text not null check (kind in ('missing_at_channel', 'missing_on_server', 'amount_differs', 'status_differs')),
    line_type text not null check (line_type in ('payment', 'refund')),
    order_no text not null,
    order_id integer,
    refund_no text,
    channel_trade_no text,
    server_amount_fen integer,
    channel_amount_fen integer,
    server_status text,
    channel_status text,
    channel_at timestamptz,
    foreign key (day, channel) references reconciliation_days (day, channel) on delete cascade
  )`,
  `create index reconciliation_differences_day_idx on reconciliation_differences (day, channel)`,
  `create index refunds_completed_idx on refunds (completed_at)`,
  `create index orders_paid_idx on orders (paid_at)`,
];
