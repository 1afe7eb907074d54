/**
 * The console's catalogue: two more statuses for dramas.
 *
 * - scheduled: published by itself at published_at. Viewers' queries keep reading
 *   `status = 'published'` (and its partial indexes); the catalogue turns due scheduled dramas
 *   into published ones on the first request after their time (modules/catalogue/
 *   scheduled-releases.ts), so no job has to run for it.
 * - unlisted: left out of lists, search, explore and home (all of which read published only),
 *   but its page and player open by link.
 *
 * 'hidden' meant "nobody sees it", which is a draft now: the rows move there.
 */
export const statements = [
  `alter table dramas drop constraint dramas_status_check`,
  `update dramas set status = 'draft' where status = 'hidden'`,
  `alter table dramas add constraint dramas_status_check
    check (status in ('draft', 'published', 'scheduled', 'unlisted'))`,
  `create index dramas_scheduled_idx on dramas (published_at) where status = 'scheduled'`,
];
