import type { CreateOrderBody, Locale, OpenedPayment, Order, OrderDetail, OrderStatus, Paged } from '@drama/contracts';
import type { OrderRow } from '../../db/schema.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pickText } from '../../platform/locale.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import type { MembershipService } from '../membership/service.js';
import type { PaymentService } from '../payments/service.js';
import { newOrderNo } from './order-no.js';
import { presentOrder, presentOrderDetail, presentStatus } from './presenters.js';
import * as queries from './queries.js';

function notFound(): AppError {
  // The same answer for someone else's order as for none: order ids reveal nothing.
  return new AppError('ORDER_NOT_FOUND', 'No such order');
}

function notPending(status: string): AppError {
  return new AppError('ORDER_NOT_PENDING', 'This order is no longer pending', { status: presentStatus(status) });
}

/**
 * A member's membership orders. An order past its time is never shown pending: reads cancel
 * it first (failureCode expired), whatever the reconciliation job has got round to.
 */
export class OrderService {
  constructor(
    private readonly ctx: AppContext,
    private readonly membership: MembershipService,
    private readonly payments: PaymentService,
  ) {}

  private async record(id: number): Promise<queries.OrderRecord> {
    const row = await queries.findOrder(this.ctx.db, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Makes an order and opens its payment. Asking again for the same plan and channel while an
   * order is pending resumes that order (same number, same QR code) instead of making another.
   */
  async create(viewer: Viewer, body: CreateOrderBody, locale: Locale, origin: string, ip = ''): Promise<{ order: Order; payment: OpenedPayment }> {
    const plan = await this.membership.planForSale(body.planId);
    const mode = this.payments.channels.modeOf(body.channel);
    if (!mode) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', `Payment channel ${body.channel} is not available`);
    const now = this.ctx.clock();
    await queries.expireDueOrders(this.ctx.db, { userId: viewer.id }, now);

    let order: OrderRow | undefined;
    let made = false;
    // Twice at most: the pending order that blocked the insert may settle before it is read.
    for (let attempt = 0; attempt < 2 && !order; attempt += 1) {
      const inserted = await queries.insertPendingOrder(this.ctx.db, {
          order_no: newOrderNo(now),
          user_id: viewer.id,
          plan_id: plan.id,
          channel: body.channel,
          channel_mode: mode,
          amount_fen: plan.price_fen,
          days: plan.days,
          expires_at: new Date(now.getTime() + this.ctx.config.ORDER_EXPIRY_SECONDS * 1000),
          created_at: now,
        });
      made = inserted !== undefined;
      order = inserted ?? (await queries.findOwnPendingOrder(this.ctx.db, viewer.id, plan.id, body.channel));
    }
    if (!order) throw new AppError('CONFLICT', 'The order changed while it was being made; try again');

    const payWith = body.mode ?? 'qr';
    if (payWith !== 'qr') {
      let opened;
      try {
        opened = await this.payments.openMobilePayment(order, payWith, pickText(plan.name, locale), origin, { ip, openid: body.openid ?? null });
      } catch (error) {
        // A new order the channel would not open is failed, as a QR one is; a resumed one stays payable.
        if (made && error instanceof AppError && error.code === 'PAYMENT_CREATE_FAILED') await this.failOpening(order.id);
        throw error;
      }
      const record = await this.record(order.id);
      const payment: OpenedPayment = {
        mode: opened.mode,
        qrContent: null,
        redirectUrl: opened.mode === 'wap' ? opened.redirectUrl : null,
        jsapiParams: opened.mode === 'jsapi' ? opened.jsapiParams : null,
        expiresAt: record.expires_at.toISOString(),
      };
      return { order: presentOrder(record, locale), payment };
    }

    let qrContent = order.qr_content;
    if (qrContent === null) {
      try {
        qrContent = await this.payments.openPayment(order, pickText(plan.name, locale), origin);
      } catch (error) {
        // Only an order made by this call fails with its opening: a resumed one (opened on the
        // phone before, with no QR code yet) may be being paid on the channel's page right now.
        if (made && error instanceof AppError && error.code === 'PAYMENT_CREATE_FAILED') await this.failOpening(order.id);
        throw error;
      }
      await queries.setQrContent(this.ctx.db, order.id, qrContent, this.ctx.clock());
    }
    const record = await this.record(order.id);
    return {
      order: presentOrder(record, locale),
      payment: { mode: 'qr', qrContent: record.qr_content ?? qrContent, redirectUrl: null, jsapiParams: null, expiresAt: record.expires_at.toISOString() },
    };
  }

  /** Fails an order the channel would not open, unless it has settled meanwhile. */
  private async failOpening(id: number): Promise<void> {
    await queries.updatePendingOrder(this.ctx.db, id, {
      status: 'failed',
      failure_code: 'payment_failed',
      failure_reason: 'The payment channel could not create the payment',
      closed_at: this.ctx.clock(),
      updated_at: this.ctx.clock(),
    });
  }

  async list(
    viewer: Viewer,
    query: { page: number; limit: number; status?: OrderStatus | undefined },
    locale: Locale,
  ): Promise<Paged<Order>> {
    await queries.expireDueOrders(this.ctx.db, { userId: viewer.id }, this.ctx.clock());
    const { rows, total } = await queries.findOrdersOfUser(this.ctx.db, viewer.id, {
      status: query.status,
      ...pageWindow(query),
    });
    return pageOf(query, rows.map((row) => presentOrder(row, locale)), total);
  }

  /**
   * One of the member's orders. A pending one is what the payment page polls: its channel is
   * asked (at most every few seconds) in case the notification was lost, and it is cancelled
   * once its time is up.
   */
  async detail(viewer: Viewer, id: number, locale: Locale): Promise<OrderDetail> {
    const row = await queries.findOwnOrder(this.ctx.db, viewer.id, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') return presentOrderDetail(row, locale);
    await this.payments.refresh(row);
    await queries.expireDueOrders(this.ctx.db, { orderId: id }, this.ctx.clock());
    return presentOrderDetail(await this.record(id), locale);
  }

  /** Cancels a pending order (cancelled_by_user) and closes its trade at the channel. */
  async cancel(viewer: Viewer, id: number, locale: Locale): Promise<OrderDetail> {
    const now = this.ctx.clock();
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const order = await queries.lockOrder(trx, id);
      if (!order || order.user_id !== viewer.id) return { kind: 'missing' as const };
      if (order.status === 'pending' && order.expires_at <= now) {
        await queries.expireDueOrders(trx, { orderId: order.id }, now);
        return { kind: 'not-pending' as const, status: 'cancelled' };
      }
      if (order.status !== 'pending') return { kind: 'not-pending' as const, status: order.status };
      const cancelled = await queries.updateOrder(trx, order.id, {
        status: 'cancelled',
        failure_code: 'cancelled_by_user',
        failure_reason: null,
        closed_at: now,
        updated_at: now,
      });
      return { kind: 'cancelled' as const, order: cancelled };
    });
    if (outcome.kind === 'missing') throw notFound();
    if (outcome.kind === 'not-pending') throw notPending(outcome.status);
    // So the code can no longer be paid; a payment that gets through anyway is credited late.
    await this.payments.closeAtChannel(outcome.order);
    return presentOrderDetail(await this.record(id), locale);
  }
}
