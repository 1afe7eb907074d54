/**
 * Revenue stays gross: a paid order counts on the day it was paid, whatever happens to it later,
 * so a day's revenue never changes when a refund comes weeks after. Refunds count on the day
 * the channel confirmed them (refunds.completed_at), and the dashboard shows both and the net.
 */
export const statements = [`alter table analytics_daily add column refunds_fen bigint not null default 0`, `alter table analytics_daily add column refunds integer not null default 0`];
