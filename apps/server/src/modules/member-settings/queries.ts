import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The four switches as columns. */
export type SwitchColumn = 'notify_updates' | 'notify_messages' | 'record_history' | 'personalised';

export type SwitchRow = Record<SwitchColumn, boolean>;

const SWITCH_COLUMNS: readonly SwitchColumn[] = ['notify_updates', 'notify_messages', 'record_history', 'personalised'];

/** A member's row; undefined when every switch is still on. */
export async function findSwitches(db: Db, userId: number): Promise<SwitchRow | undefined> {
  return db.selectFrom('member_settings').select(SWITCH_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

/** Sets the named switches and leaves the others as they stand; returns all four. */
export async function updateSwitches(db: Db, userId: number, changes: Partial<SwitchRow>): Promise<SwitchRow> {
  return db
    .insertInto('member_settings')
    .values({ user_id: userId, ...changes })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: sql`now()` }))
    .returning(SWITCH_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * A condition for any query over members: true when the member whose id is at `userRef` (a
 * column such as 'f.user_id') has `column` on; no row counts as on. For statements that act on
 * many members at once, such as a notice to every member who favourited a drama, so that the
 * switch is read in the same statement as the members.
 */
export function switchIsOn(userRef: string, column: SwitchColumn): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from member_settings ms_off where ms_off.user_id = ${sql.ref(userRef)} and ${sql.ref(`ms_off.${column}`)} = false)`;
}
