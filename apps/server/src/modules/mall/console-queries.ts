import type { ConsoleMallItemListQuery, LocalizedText } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MallItemRow } from '../../db/schema.js';

/** An item with its exchanges so far (ledger rows of reference `mall:<id>`). */
function items(db: Db) {
  return db
    .selectFrom('mall_items as m')
    .selectAll('m')
    .select((eb) =>
      eb
        .selectFrom('points_records as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('r.type', '=', 'vip_exchange')
        .where('r.reference', '=', sql<string>`'mall:' || m.id`)
        .as('exchanged'),
    );
}

export type ConsoleMallItemRow = MallItemRow & { exchanged: number | null };

/** Every item, in the viewers' order (on-sale filter optional). */
export async function listItems(db: Db, query: ConsoleMallItemListQuery): Promise<ConsoleMallItemRow[]> {
  let select = items(db);
  if (query.sale !== undefined) select = select.where('m.is_active', '=', query.sale === 'on');
  return select.orderBy('m.sort_order').orderBy('m.cost_points').orderBy('m.id').execute();
}

export async function findItem(db: Db, id: number): Promise<ConsoleMallItemRow | undefined> {
  return items(db).where('m.id', '=', id).executeTakeFirst();
}

export async function lockItem(db: Db, id: number): Promise<MallItemRow | undefined> {
  return db.selectFrom('mall_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface MallItemFields {
  name: LocalizedText;
  description: LocalizedText;
  costPoints: number;
  value: number;
  stock: number | null;
  onSale: boolean;
  sortOrder: number;
}

export async function insertItem(db: Db, slug: string, fields: MallItemFields, now: Date): Promise<MallItemRow> {
  return db
    .insertInto('mall_items')
    .values({
      slug,
      kind: 'vip_days',
      name: JSON.stringify(fields.name),
      description: JSON.stringify(fields.description),
      cost_points: fields.costPoints,
      value: fields.value,
      stock: fields.stock,
      is_active: fields.onSale,
      sort_order: fields.sortOrder,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateItem(db: Db, id: number, fields: Partial<MallItemFields>, now: Date): Promise<MallItemRow> {
  return db
    .updateTable('mall_items')
    .set({
      ...(fields.name === undefined ? {} : { name: JSON.stringify(fields.name) }),
      ...(fields.description === undefined ? {} : { description: JSON.stringify(fields.description) }),
      ...(fields.costPoints === undefined ? {} : { cost_points: fields.costPoints }),
      ...(fields.value === undefined ? {} : { value: fields.value }),
      ...(fields.stock === undefined ? {} : { stock: fields.stock }),
      ...(fields.onSale === undefined ? {} : { is_active: fields.onSale }),
      ...(fields.sortOrder === undefined ? {} : { sort_order: fields.sortOrder }),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
