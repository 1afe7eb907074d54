import { apiPaths, createOrderResponseSchema, sandboxCheckoutPagePath, sandboxJsapiCheckoutPath } from '@drama/contracts';
import { describe, expect, it, vi } from 'vitest';
import { PaymentService } from '../../src/modules/payments/service.js';
import { AppError } from '../../src/platform/errors.js';
import { buildUser } from '../support/factories.js';
import { DAY_MS, membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Paying on the phone itself with the sandbox: `wap` opens the sandbox checkout as a channel's
 * page would be opened, `jsapi` gives signed parameters the checkout settles; both return to the
 * app's result page, and the order is settled once, by the same signed notification as a QR payment.
 */
const clock = movableClock();
const t = useTestApp({ RECONCILE_INTERVAL_SECONDS: '0' }, { clock: clock.now });
const api = membershipClient(t);
const plans = usePlanIds(api);

async function order(
  auth: Record<string, string>,
  body: { planId: number; channel: 'alipay' | 'wechat'; mode?: 'qr' | 'wap' | 'jsapi'; openid?: string },
) {
  const answer = await api.call('POST', apiPaths.orders(), { auth, body });
  expect(answer.status, answer.text).toBe(200);
  return createOrderResponseSchema.parse(answer.body).data;
}

function page(url: string) {
  return api.call('GET', url, { root: true, headers: { 'accept-language': 'en-US' } });
}

describe('sandbox, on a phone', () => {
  it('opens its checkout as the channel’s page (wap), which returns to the result page; paying settles once', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { order: made, payment } = await order(member.auth, { planId: plans.month, channel: 'alipay', mode: 'wap' });
    expect(payment).toMatchObject({ mode: 'wap', qrContent: null, jsapiParams: null });
    const redirect = new URL(payment.redirectUrl ?? '');
    expect(`${redirect.pathname}${redirect.search}`).toBe(`${sandboxCheckoutPagePath(made.orderNo)}?flow=wap`);

    const checkout = await page(`${redirect.pathname}${redirect.search}`);
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain(`data-return="/payment/result?orderId=${made.id}&#38;returned=1"`);
    expect(checkout.text).toContain('Back without paying');

    // Asking again (back from the page, tapping Pay again) resumes the same order.
    const again = await order(member.auth, { planId: plans.month, channel: 'alipay', mode: 'wap' });
    expect(again.order.orderNo).toBe(made.orderNo);

    expect((await api.checkout(made.orderNo, 'success')).status).toBe(200);
    api.refused(await api.checkout(made.orderNo, 'success'), 409, 'ORDER_NOT_PENDING');
    const paid = await api.order(member.auth, made.id);
    expect(paid.status).toBe('success');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse(paid.paidAt ?? '') + 30 * DAY_MS);
    expect((await api.notifications(made.orderNo)).map((row) => [row.channel, row.flag])).toEqual([['sandbox', 'applied']]);
    // Back on the page afterwards: paid, and the way back to the app.
    const after = await page(`${redirect.pathname}${redirect.search}`);
    expect(after.text).toContain('Back to the app');
    expect(after.text).not.toContain('data-result="success"');
  });

  it('stands in for WeChat’s JSAPI with parameters its checkout settles only for their own order', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { order: made, payment } = await order(member.auth, { planId: plans.week, channel: 'wechat', mode: 'jsapi' });
    expect(payment).toMatchObject({ mode: 'jsapi', qrContent: null, redirectUrl: null });
    const params = payment.jsapiParams;
    if (!params) throw new Error('no JSAPI parameters');
    expect(params).toMatchObject({ appId: 'sandbox', signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=sbx_[0-9a-f]{32}$/);
    expect(params.timeStamp).toBe(String(Math.floor(clock.now().getTime() / 1000)));

    const good = await page(sandboxJsapiCheckoutPath(made.orderNo, params));
    expect(good.status).toBe(200);
    expect(good.text).toContain(`data-return="/payment/result?orderId=${made.id}&#38;returned=1"`);
    // Tampered, or made for another order: no checkout.
    expect((await page(sandboxJsapiCheckoutPath(made.orderNo, { ...params, paySign: `${params.paySign.slice(0, -2)}xx` }))).status).toBe(404);
    expect((await page(sandboxJsapiCheckoutPath(made.orderNo, { ...params, timeStamp: String(Number(params.timeStamp) + 1) }))).status).toBe(404);
    const other = await buildUser(t.database.db, t.ctx.tokens);
    const { order: theirs } = await order(other.auth, { planId: plans.week, channel: 'wechat', mode: 'jsapi' });
    expect((await page(sandboxJsapiCheckoutPath(theirs.orderNo, params))).status).toBe(404);
    expect((await page(`${sandboxCheckoutPagePath(made.orderNo)}?flow=jsapi`)).status).toBe(404);

    expect((await api.checkout(made.orderNo, 'success')).status).toBe(200);
    expect((await api.order(member.auth, made.id)).status).toBe('success');
    expect((await api.notifications(made.orderNo)).map((row) => row.flag)).toEqual(['applied']);
  });

  it('keeps the QR code as the default, and a phone can still ask for it for the same order', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const wap = await order(member.auth, { planId: plans.month, channel: 'wechat', mode: 'wap' });
    const qr = await api.createOrder(member.auth, { planId: plans.month, channel: 'wechat' });
    expect(qr.order.orderNo).toBe(wap.order.orderNo);
    expect(qr.payment).toEqual({
      mode: 'qr',
      // The same checkout, without being told to return to the app.
      qrContent: wap.payment.redirectUrl?.replace(/\?flow=wap$/, ''),
      redirectUrl: null,
      jsapiParams: null,
      expiresAt: wap.order.expiresAt,
    });
    // The QR code's page is the one a scanning phone opens: it stays there, no return.
    const scanned = await page(sandboxCheckoutPagePath(wap.order.orderNo));
    expect(scanned.text).not.toContain('data-return');
  });

  it('a QR code asked for an order being paid on the phone never fails it: paid meanwhile it stays paid, else payable', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const wap = await order(member.auth, { planId: plans.month, channel: 'wechat', mode: 'wap' });
    // The channel will not open a native payment for it; once, the payer has just paid on its page.
    const opening = vi.spyOn(PaymentService.prototype, 'openPayment');
    opening.mockImplementationOnce(async (row) => {
      expect((await api.checkout(row.order_no, 'success')).status).toBe(200);
      throw new AppError('PAYMENT_CREATE_FAILED', 'ORDERPAID');
    });
    api.refused(await api.call('POST', apiPaths.orders(), { auth: member.auth, body: { planId: plans.month, channel: 'wechat' } }), 502, 'PAYMENT_CREATE_FAILED');
    const paid = await api.order(member.auth, wap.order.id);
    expect(paid.status).toBe('success');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse(paid.paidAt ?? '') + 30 * DAY_MS);
    expect((await api.notifications(wap.order.orderNo)).map((row) => row.flag)).toEqual(['applied']);

    // Not paid: the refused QR code leaves the phone's order payable.
    const other = await buildUser(t.database.db, t.ctx.tokens);
    const pending = await order(other.auth, { planId: plans.week, channel: 'wechat', mode: 'wap' });
    opening.mockImplementationOnce(() => Promise.reject(new AppError('PAYMENT_CREATE_FAILED', 'refused')));
    api.refused(await api.call('POST', apiPaths.orders(), { auth: other.auth, body: { planId: plans.week, channel: 'wechat' } }), 502, 'PAYMENT_CREATE_FAILED');
    expect((await api.order(other.auth, pending.order.id)).status).toBe('pending');
    opening.mockRestore();
  });

  it('returns without payment: leaving the checkout leaves the order pending, and failing fails it once', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { order: made } = await order(member.auth, { planId: plans.week, channel: 'alipay', mode: 'wap' });
    expect((await api.order(member.auth, made.id)).status).toBe('pending');
    expect((await api.checkout(made.orderNo, 'fail')).status).toBe(200);
    expect((await api.order(member.auth, made.id)).status).toBe('failed');
    expect(await api.vipExpiry(member.user.id)).toBeNull();
  });

  it('refuses Alipay inside WeChat’s JSAPI, and a mode it does not know', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    api.refused(
      await api.call('POST', apiPaths.orders(), { auth: member.auth, body: { planId: plans.week, channel: 'alipay', mode: 'jsapi' } }),
      400,
      'PAYMENT_CHANNEL_UNAVAILABLE',
    );
    api.refused(
      await api.call('POST', apiPaths.orders(), { auth: member.auth, body: { planId: plans.week, channel: 'alipay', mode: 'app' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('has no WeChat OAuth step without an official account', async () => {
    api.refused(await api.call('GET', `/payments/wechat/oauth?returnTo=${encodeURIComponent('/payment?orderId=1')}`), 404, 'NOT_FOUND');
    api.refused(await api.call('GET', '/payments/wechat/oauth/callback?code=abc&state=L3BheW1lbnQ'), 404, 'NOT_FOUND');
  });
});
