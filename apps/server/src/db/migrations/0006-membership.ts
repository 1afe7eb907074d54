/**
 * Membership and payments: the plans on sale, members' orders, every notification or query
 * answer a payment channel gave us, and the sandbox channel's own record of what its checkout
 * page did (so that the sandbox can be queried like a real channel).
 *
 * Times that decide an order's fate (created_at, expires_at, paid_at) are written by the
 * service's clock, not by now(), so that the expiry rules can be tested with a moved clock.
 */
export const statements = [
  `create table membership_plans (
    id serial primary key,
    code text not null unique check (code in ('week', 'month', 'quarter', 'year')),
    name jsonb not null,
    days integer not null check (days > 0),
    price_fen integer not null check (price_fen > 0),
    original_price_fen integer check (original_price_fen is null or original_price_fen > 0),
    sort_order integer not null default 0,
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table orders (
    id serial primary key,
    order_no text not null unique,
    user_id integer not null references users(id) on delete cascade,
    plan_id integer not null references membership_plans(id),
    channel text not null check (channel in ('alipay', 'wechat')),
    -- Which side took the order: the merchant's real channel, or the sandbox standing in for it.
    -- A notification only ever settles orders of its own side.
    channel_mode text not null check (channel_mode in ('live', 'sandbox')),
    amount_fen integer not null check (amount_fen > 0),
    days integer not null check (days > 0),
    -- No check: a value this version does not know is shown to the client as 'unknown'.
    status text not null default 'pending',
    failure_code text,
    failure_reason text,
    qr_content text,
    channel_trade_no text,
    -- Set for the operator: 'late_payment' (paid after it was cancelled, credited anyway),
    -- 'amount_mismatch' (a verified notification named another amount; not credited).
    review_flag text,
    expires_at timestamptz not null,
    paid_at timestamptz,
    closed_at timestamptz,
    -- When the channel was last asked about this order (a member's poll asks at most every few seconds).
    last_queried_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index orders_user_idx on orders (user_id, created_at desc, id desc)`,
  `create index orders_pending_idx on orders (created_at, id) where status = 'pending'`,
  `create index orders_review_idx on orders (updated_at desc) where review_flag is not null`,
  // One pending order per member, plan and channel: asking again resumes it.
  `create unique index orders_one_pending_key on orders (user_id, plan_id, channel) where status = 'pending'`,
  `create table payment_notifications (
    id serial primary key,
    channel text not null check (channel in ('alipay', 'wechat', 'sandbox')),
    source text not null check (source in ('notify', 'query')),
    order_no text,
    order_id integer references orders(id) on delete set null,
    channel_trade_no text,
    amount_fen integer,
    outcome text check (outcome in ('paid', 'failed', 'closed', 'pending')),
    verified boolean not null,
    flag text not null check (flag in (
      'applied', 'duplicate', 'late', 'amount_mismatch', 'unknown_order', 'signature_invalid', 'ignored'
    )),
    detail text,
    raw text not null,
    headers jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index payment_notifications_order_idx on payment_notifications (order_id, id)`,
  `create index payment_notifications_review_idx on payment_notifications (created_at desc)
    where flag in ('late', 'amount_mismatch', 'unknown_order', 'signature_invalid')`,
  // The last line of defence of exactly-once: whatever happens above, an order is credited once.
  `create unique index payment_notifications_credit_once_key on payment_notifications (order_id)
    where outcome = 'paid' and flag in ('applied', 'late')`,
  `create table sandbox_payments (
    order_no text primary key,
    trade_no text not null unique,
    result text not null check (result in ('paid', 'failed', 'closed')),
    amount_fen integer not null check (amount_fen > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
];
