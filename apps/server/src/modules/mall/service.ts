import type { Locale, MallItem, PointsRecord } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { extendVip } from '../membership/vip.js';
import { changePoints } from '../points/index.js';
import { presentPointsRecordIn } from '../points/presenters.js';
import { presentMallItem } from './presenters.js';
import * as queries from './queries.js';

export interface ExchangeResult {
  item: MallItem;
  balance: number;
  record: PointsRecord;
  vipLevel: number;
  vipExpireTime: string | null;
}

function notFound(id: number): AppError {
  return new AppError('MALL_ITEM_NOT_FOUND', `Mall item ${id} not found`);
}

function soldOut(id: number): AppError {
  return new AppError('MALL_ITEM_SOLD_OUT', `Mall item ${id} is sold out`);
}

/** The points mall: VIP days bought with points. */
export class MallService {
  constructor(private readonly ctx: AppContext) {}

  async list(viewer: Viewer, locale: Locale): Promise<{ items: MallItem[]; balance: number }> {
    const [rows, balance] = await Promise.all([
      queries.findActiveItems(this.ctx.db),
      queries.pointsBalance(this.ctx.db, viewer.id),
    ]);
    return { items: rows.map((row) => presentMallItem(row, locale)), balance };
  }

  /**
   * Exchanges points for an item in one transaction: the points are spent through the ledger
   * (INSUFFICIENT_POINTS { current, required } when the balance cannot cover them), one is
   * taken from a limited stock (MALL_ITEM_SOLD_OUT) and the VIP days are added. Any refusal
   * rolls all of it back.
   */
  async exchange(viewer: Viewer, itemId: number, locale: Locale): Promise<ExchangeResult> {
    const now = this.ctx.clock();
    const listed = await queries.findActiveItem(this.ctx.db, itemId);
    if (!listed) throw notFound(itemId);
    // Say "sold out" before "not enough points": earning points for a gone item helps no one.
    if (listed.stock === 0) throw soldOut(itemId);

    return this.ctx.db.transaction().execute(async (trx) => {
      const record = await changePoints(trx, {
        userId: viewer.id,
        type: 'vip_exchange',
        amount: -listed.cost_points,
        // The reference names the item; its name is written in each reader's language when read.
        note: null,
        reference: `mall:${listed.id}`,
        now,
      });
      let item = listed;
      if (listed.stock !== null) {
        const taken = await queries.takeFromStock(trx, listed.id, now);
        if (!taken) throw soldOut(itemId);
        item = taken;
      }
      const user = await extendVip(trx, viewer.id, item.value, now);
      if (!user) throw new AppError('UNAUTHORIZED', 'Sign in again');
      return {
        item: presentMallItem(item, locale),
        balance: record.balance_after,
        record: presentPointsRecordIn({ locale, mallItems: new Map([[item.id, item.name]]) })(record),
        vipLevel: user.vip_level,
        vipExpireTime: user.vip_expire_time?.toISOString() ?? null,
      };
    });
  }
}
