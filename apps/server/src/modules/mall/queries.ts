import type { LocalizedText } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { MallItemRow } from '../../db/schema.js';

/** An item to add to the mall. */
export interface MallItemWrite {
  slug: string;
  kind: 'vip_days';
  name: LocalizedText;
  description: LocalizedText;
  costPoints: number;
  /** VIP days. */
  value: number;
  /** null: unlimited. */
  stock: number | null;
  sortOrder: number;
}

/** Items on sale, in their display order. */
export async function findActiveItems(db: Db): Promise<MallItemRow[]> {
  return db
    .selectFrom('mall_items')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('cost_points')
    .orderBy('id')
    .execute();
}

export async function findActiveItem(db: Db, id: number): Promise<MallItemRow | undefined> {
  return db.selectFrom('mall_items').selectAll().where('id', '=', id).where('is_active', '=', true).executeTakeFirst();
}

/** Takes one from a limited stock; undefined when none is left. */
export async function takeFromStock(db: Db, id: number, now: Date): Promise<MallItemRow | undefined> {
  return db
    .updateTable('mall_items')
    .set((eb) => ({ stock: eb('stock', '-', 1), updated_at: now }))
    .where('id', '=', id)
    .where('stock', '>', 0)
    .returningAll()
    .executeTakeFirst();
}

/** Seeds items by slug; an item already there (perhaps edited by an operator) is left alone. */
export async function insertMissingMallItems(db: Db, items: MallItemWrite[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('mall_items')
    .values(
      items.map((item) => ({
        slug: item.slug,
        kind: item.kind,
        name: JSON.stringify(item.name),
        description: JSON.stringify(item.description),
        cost_points: item.costPoints,
        value: item.value,
        stock: item.stock,
        sort_order: item.sortOrder,
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

/** The member's points now (0 for no such member). */
export async function pointsBalance(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirst();
  return row?.points ?? 0;
}
