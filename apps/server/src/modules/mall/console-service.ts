import type {
  ConsoleMallItem,
  ConsoleMallItemCreate,
  ConsoleMallItemListQuery,
  ConsoleMallItemUpdate,
} from '@drama/contracts';
import { randomBytes } from 'node:crypto';
import type { MallItemRow } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import * as queries from './console-queries.js';

/** The fields an operator edits, as the audit log records them before and after. */
function fieldsOf(row: MallItemRow) {
  return {
    name: row.name,
    description: row.description,
    costPoints: row.cost_points,
    value: row.value,
    stock: row.stock,
    onSale: row.is_active,
    sortOrder: row.sort_order,
  };
}

function notFound(id: number): AppError {
  return new AppError('MALL_ITEM_NOT_FOUND', `Mall item ${id} not found`);
}

/**
 * The points mall for finance: items with names and descriptions in three languages, a price
 * in points, VIP days, a stock and on or off sale. The viewers' mall reads the table on every
 * call, so a change shows (or hides) at once; an item off sale cannot be exchanged.
 */
export class MallConsoleService {
  constructor(private readonly ctx: AppContext) {}

  private present(row: queries.ConsoleMallItemRow): ConsoleMallItem {
    return {
      id: row.id,
      slug: row.slug,
      kind: row.kind,
      name: row.name,
      description: row.description,
      costPoints: row.cost_points,
      value: row.value,
      stock: row.stock,
      onSale: row.is_active,
      sortOrder: row.sort_order,
      exchanged: row.exchanged ?? 0,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async list(query: ConsoleMallItemListQuery): Promise<{ items: ConsoleMallItem[] }> {
    const rows = await queries.listItems(this.ctx.db, query);
    return { items: rows.map((row) => this.present(row)) };
  }

  async get(id: number): Promise<ConsoleMallItem> {
    const row = await queries.findItem(this.ctx.db, id);
    if (!row) throw notFound(id);
    return this.present(row);
  }

  async create(actor: Actor, body: ConsoleMallItemCreate): Promise<ConsoleMallItem> {
    const now = this.ctx.clock();
    const fields = { ...body, sortOrder: body.sortOrder ?? 0 };
    // Seeded items have names for slugs; an operator's get one no one will type.
    const slug = `item-${randomBytes(6).toString('hex')}`;
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await queries.insertItem(trx, slug, fields, now);
      await writeAudit(trx, actor, { action: 'mall-item.create', targetType: 'mall-item', targetId: row.id, after: fieldsOf(row) });
      return row.id;
    });
    return this.get(id);
  }

  async update(actor: Actor, id: number, body: ConsoleMallItemUpdate): Promise<ConsoleMallItem> {
    const now = this.ctx.clock();
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await queries.lockItem(trx, id);
      if (!before) throw notFound(id);
      const after = await queries.updateItem(trx, id, body, now);
      await writeAudit(trx, actor, {
        action: 'mall-item.update',
        targetType: 'mall-item',
        targetId: id,
        before: fieldsOf(before),
        after: fieldsOf(after),
      });
    });
    return this.get(id);
  }
}
