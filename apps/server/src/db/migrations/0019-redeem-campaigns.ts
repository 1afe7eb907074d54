/**
 * Redeem campaigns: each batch of codes is a row of its own, with the campaign's name and who
 * made it, so the console can list campaigns, export and revoke a batch's codes, and count its
 * redemptions over time. Codes made before are grouped into the batches they were made in (a
 * batch's codes share their insert time, type, value and expiry).
 *
 * Revoking ends a batch's unused codes: their expiry becomes the moment of revocation (so the
 * redeem call refuses them as expired without a check of its own) and revoked_at marks why.
 */
export const statements = [
  `create table redeem_batches (
    id serial primary key,
    name text,
    type text not null check (type in ('vip_days', 'points')),
    value integer not null check (value > 0),
    count integer not null check (count > 0),
    expires_at timestamptz,
    created_by integer,
    created_by_name text not null default '',
    revoked_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index redeem_batches_created_idx on redeem_batches (created_at desc, id desc)`,
  `alter table redeem_codes add column batch_id integer references redeem_batches (id)`,
  `alter table redeem_codes add column revoked_at timestamptz`,
  `insert into redeem_batches (type, value, count, expires_at, created_at)
    select type, value, count(*), expires_at, created_at from redeem_codes
    group by type, value, expires_at, created_at
    order by created_at`,
  `update redeem_codes c set batch_id = b.id from redeem_batches b
    where b.created_at = c.created_at and b.type = c.type and b.value = c.value
      and b.expires_at is not distinct from c.expires_at`,
  `alter table redeem_codes alter column batch_id set not null`,
  `create index redeem_codes_batch_idx on redeem_codes (batch_id, used_at)`,
];
