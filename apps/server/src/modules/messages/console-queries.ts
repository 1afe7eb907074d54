import type { CodeChannel } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

/** `%` and `_` typed by an operator match themselves, not any character. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The outbox for the console: newest first, by channel and by part of the recipient. */
export async function findConsoleOutbox(
  db: Db,
  filter: { channel?: CodeChannel | undefined; q?: string | undefined } & PageWindow,
) {
  let query = db.selectFrom('outbox_messages');
  if (filter.channel !== undefined) query = query.where('channel', '=', filter.channel);
  if (filter.q !== undefined) query = query.where('target', 'ilike', `%${likeEscape(filter.q.toLowerCase())}%`);
  return withTotal(
    query
      .select(['id', 'channel', 'target', 'subject', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query,
  );
}
