import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';

/** Every member's balance is the sum of their ledger rows. */
export async function expectBalancesMatchLedger(db: Db): Promise<void> {
  const unbalanced = await sql<{ id: number }>`
    select u.id from users u left join points_records r on r.user_id = u.id
    group by u.id having u.points <> coalesce(sum(r.amount), 0)`.execute(db);
  expect(unbalanced.rows).toEqual([]);
}

/** Every ledger row's balance_after is the running sum of its member's rows up to it. */
export async function expectRunningBalances(db: Db): Promise<void> {
  const broken = await sql<{ id: number }>`
    select id from (
      select id, balance_after, sum(amount) over (partition by user_id order by id) as running from points_records
    ) rows where running <> balance_after`.execute(db);
  expect(broken.rows).toEqual([]);
}
