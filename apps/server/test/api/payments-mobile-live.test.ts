import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { apiPaths, createOrderResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { useLiveChannels } from '../support/live-channels.js';
import { DAY_MS, membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import {
  alipayNotification,
  alipaySignContent,
  type ChannelKeys,
  liveChannelEnv,
  type PaymentStandIn,
  readBody,
  rsaVerify,
  wechatNotification,
  wechatSignatureHeaders,
  wechatTransaction,
} from '../support/payment-stand-ins.js';
import { base62Encode } from '../../src/modules/payments/base62.js';
import { startedPerFile } from '../support/per-file.js';
import { useTestApp } from '../support/test-app.js';

/**
 * The phone's own ways to pay, against local stand-ins of the channels' APIs that check every
 * signature: Alipay `alipay.trade.wap.pay` (a signed URL of its cashier page), WeChat Pay v3 H5
 * and JSAPI (signed requests, signed answers, the JSAPI paySign), and the official account's
 * OAuth step (snsapi_base) that gives the payer's openid. Each is settled once, by a genuine
 * notification or by the query a member's poll makes.
 */
const MP_APP_ID = 'wx2421b1c4370ec43b';
const MP_APP_SECRET = 'mp-secret-0123456789';
const PAYER_OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const ORIGIN = 'https://pay.example.test';

const clock = movableClock();
const live = useLiveChannels();
const { keys, standIn } = live;

interface Seen {
  path: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
}

/**
 * In front of the shared stand-in: answers WeChat Pay's H5 and JSAPI orders and the OAuth code
 * exchange itself (recording trades in the shared stand-in, so its query and close know them),
 * and passes every other call on.
 */
async function startMobileStandIn(channelKeys: ChannelKeys, behind: PaymentStandIn) {
  const seen: Seen[] = [];
  const codes = new Map<string, string>([['code-of-the-payer', PAYER_OPENID]]);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      if (url.pathname === '/sns/oauth2/access_token') {
        const params = url.searchParams;
        const openid = codes.get(params.get('code') ?? '');
        const ok = params.get('appid') === MP_APP_ID && params.get('secret') === MP_APP_SECRET && params.get('grant_type') === 'authorization_code' && openid;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(ok ? { access_token: 'token', expires_in: 7200, refresh_token: 'r', openid, scope: 'snsapi_base' } : { errcode: 40029, errmsg: 'invalid code' }));
        return;
      }
      const mobile = /^\/v3\/pay\/transactions\/(h5|jsapi)$/.exec(url.pathname);
      if (request.method === 'POST' && mobile) {
        const match = /^WECHATPAY2-SHA256-RSA2048\s+(.+)$/.exec(request.headers.authorization ?? '');
        const auth = Object.fromEntries([...(match?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((part) => [part[1] ?? '', part[2] ?? '']));
        const signatureValid =
          auth.mchid === channelKeys.wechat.mchId &&
          auth.serial_no === channelKeys.wechat.serialNo &&
          rsaVerify(channelKeys.wechat.merchant.publicKey, `POST\n${url.pathname}\n${auth.timestamp ?? ''}\n${auth.nonce_str ?? ''}\n${body}\n`, auth.signature ?? '');
        const order = JSON.parse(body) as Record<string, unknown> & { out_trade_no: string; amount: { total: number }; description: string; notify_url: string; time_expire: string };
        seen.push({ path: url.pathname, body: order, signatureValid });
        const send = (status: number, answer: Record<string, unknown>) => {
          const text = JSON.stringify(answer);
          response.writeHead(status, { 'content-type': 'application/json', ...(status === 200 ? wechatSignatureHeaders(channelKeys.wechat.platform.privateKey, text) : {}) });
          response.end(text);
        };
        if (!signatureValid) return send(401, { code: 'SIGN_ERROR', message: '签名错误' });
        behind.trades.set(order.out_trade_no, {
          channel: 'wechat',
          orderNo: order.out_trade_no,
          amountFen: order.amount.total,
          subject: order.description,
          notifyUrl: order.notify_url,
          timeExpire: order.time_expire,
          tradeNo: `4200${randomBytes(10).toString('hex')}`,
          state: 'created',
        });
        if (mobile[1] === 'h5') return send(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${randomBytes(8).toString('hex')}&package=1037687096` });
        return send(200, { prepay_id: `wx${randomBytes(12).toString('hex')}` });
      }
      // Everything else is the shared stand-in's (the Alipay gateway, query, close).
      const forwarded = await fetch(`${behind.url}${url.pathname}${url.search}`, {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(Object.entries(request.headers).filter(([name, value]) => typeof value === 'string' && name !== 'host' && name !== 'content-length')) as Record<string, string>,
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
      });
      response.writeHead(forwarded.status, Object.fromEntries(forwarded.headers));
      response.end(Buffer.from(await forwarded.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const front = startedPerFile('the mobile payment stand-in', () => startMobileStandIn(keys, standIn), (started) => started.close(), 120_000);
const t = useTestApp(
  () => ({
    ...liveChannelEnv(keys, standIn.url),
    WECHAT_API_BASE: front.url,
    WECHAT_MP_APP_ID: MP_APP_ID,
    WECHAT_MP_APP_SECRET: MP_APP_SECRET,
    WECHAT_OAUTH_BASE: 'https://open.weixin.example.test',
    WECHAT_SNS_API_BASE: front.url,
    RECONCILE_INTERVAL_SECONDS: '0',
  }),
  { clock: clock.now },
  120_000,
);
const api = membershipClient(t);
const plans = usePlanIds(api);

async function mobileOrder(channel: 'alipay' | 'wechat', mode: 'wap' | 'jsapi', openid?: string) {
  const member = await buildUser(t.database.db, t.ctx.tokens);
  const answer = await api.call('POST', apiPaths.orders(), {
    auth: member.auth,
    body: { planId: plans.month, channel, mode, ...(openid ? { openid } : {}) },
  });
  expect(answer.status, answer.text).toBe(200);
  return { member, ...createOrderResponseSchema.parse(answer.body).data };
}

/** Beijing wall-clock time of an instant, as Alipay reads `timestamp` and `time_expire`. */
function beijing(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function postWechat(notification: { body: string; headers: Record<string, string> }) {
  return api.call('POST', apiPaths.paymentNotify('wechat'), { raw: notification.body, headers: notification.headers });
}

describe('Alipay on a phone’s browser (alipay.trade.wap.pay)', () => {
  it('gives the signed address of Alipay’s cashier page, in Beijing time, returning to the result page', async () => {
    const before = Math.floor(clock.now().getTime() / 1000);
    const { order, payment } = await mobileOrder('alipay', 'wap');
    expect(payment).toMatchObject({ mode: 'wap', qrContent: null, jsapiParams: null });
    const url = new URL(payment.redirectUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/gateway.do`);
    const params = Object.fromEntries(url.searchParams);
    expect(rsaVerify(keys.alipay.app.publicKey, alipaySignContent(params), params.sign ?? '')).toBe(true);
    expect(params).toMatchObject({
      method: 'alipay.trade.wap.pay',
      app_id: keys.alipay.appId,
      sign_type: 'RSA2',
      notify_url: `${ORIGIN}/api/v1/payments/notify/alipay`,
      return_url: `${ORIGIN}/payment/result?orderId=${order.id}&returned=1`,
    });
    // Beijing time, whatever the host's zone: within the seconds the call took.
    const stated = Date.parse(`${(params.timestamp ?? '').replace(' ', 'T')}+08:00`) / 1000;
    expect(stated).toBeGreaterThanOrEqual(before);
    expect(stated).toBeLessThanOrEqual(before + 5);
    expect(JSON.parse(params.biz_content ?? '{}')).toEqual({
      out_trade_no: order.orderNo,
      total_amount: '30.00',
      subject: expect.any(String) as unknown,
      product_code: 'QUICK_WAP_WAY',
      time_expire: beijing(new Date(order.expiresAt)),
      quit_url: `${ORIGIN}/payment?orderId=${order.id}`,
    });
  });

  it('is settled once by Alipay’s notification', async () => {
    const { member, order } = await mobileOrder('alipay', 'wap');
    const body = alipayNotification(keys.alipay, { orderNo: order.orderNo, tradeNo: `2026${randomBytes(8).toString('hex')}`, amountFen: 3000, tradeStatus: 'TRADE_SUCCESS' });
    const post = () => api.call('POST', apiPaths.paymentNotify('alipay'), { raw: body, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } });
    expect((await post()).text).toBe('success');
    expect((await post()).text).toBe('success');
    const paid = await api.order(member.auth, order.id);
    expect(paid.status).toBe('success');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse(paid.paidAt ?? '') + 30 * DAY_MS);
    expect((await api.notifications(order.orderNo)).map((row) => row.flag)).toEqual(['applied', 'duplicate']);
  });

  it('is settled once by the query a member’s poll makes when the notification is lost', async () => {
    const { member, order } = await mobileOrder('alipay', 'wap');
    // The payer opened the page and paid there: Alipay now has the trade.
    standIn.trades.set(order.orderNo, {
      channel: 'alipay',
      orderNo: order.orderNo,
      amountFen: 3000,
      subject: order.planName,
      notifyUrl: '',
      timeExpire: '',
      tradeNo: `2026${randomBytes(8).toString('hex')}`,
      state: 'paid',
    });
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    clock.advance(10_000);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect((await api.notifications(order.orderNo)).map((row) => [row.source, row.flag])).toEqual([['query', 'applied']]);
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse((await api.order(member.auth, order.id)).paidAt ?? '') + 30 * DAY_MS);
  });
});

describe('WeChat Pay in a phone’s browser (v3 H5)', () => {
  it('sends a signed H5 order with the payer’s address, and redirects to h5_url with the result page', async () => {
    const { order, payment } = await mobileOrder('wechat', 'wap');
    const call = front.seen.find((seen) => seen.body.out_trade_no === order.orderNo);
    expect(call?.path).toBe('/v3/pay/transactions/h5');
    expect(call?.signatureValid).toBe(true);
    expect(call?.body).toMatchObject({
      appid: keys.wechat.appId,
      mchid: keys.wechat.mchId,
      notify_url: `${ORIGIN}/api/v1/payments/notify/wechat`,
      amount: { total: 3000, currency: 'CNY' },
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    expect(payment.mode).toBe('wap');
    const redirect = new URL(payment.redirectUrl ?? '');
    expect(redirect.origin).toBe('https://wx.tenpay.com');
    expect(redirect.searchParams.get('prepay_id')).toMatch(/^wx/);
    expect(redirect.searchParams.get('redirect_url')).toBe(`${ORIGIN}/payment/result?orderId=${order.id}&returned=1`);
    expect(payment.redirectUrl).toContain(`&redirect_url=${encodeURIComponent(`${ORIGIN}/payment/result?orderId=${order.id}&returned=1`)}`);
  });

  it('is settled once by the notification, and a later query changes nothing', async () => {
    const { member, order } = await mobileOrder('wechat', 'wap');
    const trade = standIn.pay(order.orderNo);
    const notification = wechatNotification(keys.wechat, wechatTransaction(keys.wechat, { orderNo: order.orderNo, tradeNo: trade.tradeNo, amountFen: 3000, tradeState: 'SUCCESS' }));
    expect((await postWechat(notification)).body).toEqual({ code: 'SUCCESS', message: 'OK' });
    expect((await postWechat(notification)).status).toBe(200);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect((await api.notifications(order.orderNo)).map((row) => row.flag)).toEqual(['applied', 'duplicate']);
  });

  it('is settled by the query when no notification comes', async () => {
    const { member, order } = await mobileOrder('wechat', 'wap');
    standIn.pay(order.orderNo);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect((await api.notifications(order.orderNo)).map((row) => [row.source, row.flag])).toEqual([['query', 'applied']]);
  });
});

describe('WeChat Pay inside WeChat (v3 JSAPI)', () => {
  it('needs the payer’s openid', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    api.refused(
      await api.call('POST', apiPaths.orders(), { auth: member.auth, body: { planId: plans.month, channel: 'wechat', mode: 'jsapi' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('sends a signed JSAPI order for the openid under the official account, and signs the page’s parameters', async () => {
    const { order, payment } = await mobileOrder('wechat', 'jsapi', PAYER_OPENID);
    const call = front.seen.find((seen) => seen.body.out_trade_no === order.orderNo);
    expect(call?.path).toBe('/v3/pay/transactions/jsapi');
    expect(call?.signatureValid).toBe(true);
    expect(call?.body).toMatchObject({ appid: MP_APP_ID, mchid: keys.wechat.mchId, payer: { openid: PAYER_OPENID }, amount: { total: 3000, currency: 'CNY' } });
    const params = payment.jsapiParams;
    if (!params) throw new Error('no JSAPI parameters');
    expect(params).toMatchObject({ appId: MP_APP_ID, signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=wx[0-9a-f]{24}$/);
    expect(params.timeStamp).toMatch(/^\d{10}$/);
    expect(params.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(rsaVerify(keys.wechat.merchant.publicKey, message, params.paySign)).toBe(true);
    expect(rsaVerify(keys.stranger.publicKey, message, params.paySign)).toBe(false);
  });

  it('is settled once by the notification, which names the official account', async () => {
    const { member, order } = await mobileOrder('wechat', 'jsapi', PAYER_OPENID);
    const trade = standIn.pay(order.orderNo);
    const transaction = { ...wechatTransaction(keys.wechat, { orderNo: order.orderNo, tradeNo: trade.tradeNo, amountFen: 3000, tradeState: 'SUCCESS' }), appid: MP_APP_ID, trade_type: 'JSAPI' };
    expect((await postWechat(wechatNotification(keys.wechat, transaction))).status).toBe(200);
    expect((await postWechat(wechatNotification(keys.wechat, transaction))).status).toBe(200);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect((await api.notifications(order.orderNo)).map((row) => row.flag)).toEqual(['applied', 'duplicate']);
    // Another app's notification is refused.
    const { order: other } = await mobileOrder('wechat', 'jsapi', PAYER_OPENID);
    const forged = { ...transaction, out_trade_no: other.orderNo, appid: 'wx0000000000000000' };
    expect((await postWechat(wechatNotification(keys.wechat, forged))).status).toBe(400);
  });

  it('is settled by the query when no notification comes', async () => {
    const { member, order } = await mobileOrder('wechat', 'jsapi', PAYER_OPENID);
    standIn.pay(order.orderNo);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    clock.advance(10_000);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect((await api.notifications(order.orderNo)).map((row) => [row.source, row.flag])).toEqual([['query', 'applied']]);
  });
});

describe('the official account’s OAuth step (snsapi_base)', () => {
  it('sends the payer to WeChat’s authorize page with our callback, and only back to a payment page', async () => {
    const answer = await api.call('GET', `/payments/wechat/oauth?returnTo=${encodeURIComponent('/payment?orderId=42')}`);
    expect(answer.status).toBe(302);
    const location = String(answer.headers.location);
    expect(location.endsWith('#wechat_redirect')).toBe(true);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.example.test/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: MP_APP_ID,
      redirect_uri: `${ORIGIN}/api/v1/payments/wechat/oauth/callback`,
      response_type: 'code',
      scope: 'snsapi_base',
      // A nonce this browser keeps in a cookie, the return path and their MAC, in the letters WeChat takes.
      state: expect.stringMatching(/^[A-Za-z0-9]{1,128}$/) as unknown,
    });
    for (const returnTo of ['https://evil.example/payment', '//evil.example/payment', '/profile', '/payment\\@evil']) {
      api.refused(await api.call('GET', `/payments/wechat/oauth?returnTo=${encodeURIComponent(returnTo)}`), 400, 'VALIDATION_FAILED');
    }
  });

  it('exchanges the code for the openid and returns to the payment page with it, for the browser that set out only', async () => {
    const begin = async () => {
      const start = await api.call('GET', `/payments/wechat/oauth?returnTo=${encodeURIComponent('/payment?orderId=42')}`);
      const cookie = String(start.headers['set-cookie'] ?? '');
      expect(cookie).toMatch(/^wx_oauth_nonce=[A-Za-z0-9_-]{16}; Max-Age=600; Path=\/api\/v1\/payments\/wechat\/oauth; HttpOnly; SameSite=Lax/);
      return { state: new URL(String(start.headers.location)).searchParams.get('state') ?? '', cookie: cookie.split(';')[0] ?? '' };
    };
    const back = (state: string, cookie: string | null, code: string | null = 'code-of-the-payer') =>
      api.call('GET', `/payments/wechat/oauth/callback?${code === null ? '' : `code=${code}&`}state=${state}`, cookie ? { headers: { cookie } } : {});

    const mine = await begin();
    const returned = await back(mine.state, mine.cookie);
    expect(returned.status).toBe(302);
    expect(returned.headers.location).toBe(`/payment?orderId=42&wxOpenid=${PAYER_OPENID}`);
    // The nonce is used up with the return.
    expect(String(returned.headers['set-cookie'])).toMatch(/^wx_oauth_nonce=; Max-Age=0; .*Path=\/api\/v1\/payments\/wechat\/oauth/);
    const refused = await begin();
    expect((await back(refused.state, refused.cookie, 'stolen')).headers.location).toBe('/payment?orderId=42&wxOauth=failed');
    const declined = await begin();
    expect((await back(declined.state, declined.cookie, null)).headers.location).toBe('/payment?orderId=42&wxOauth=failed');

    // A return begun by someone else (their state and code, sent to this browser), or with no cookie, or a forged state.
    const theirs = await begin();
    const ours = await begin();
    api.refused(await back(theirs.state, ours.cookie), 400, 'VALIDATION_FAILED');
    api.refused(await back(theirs.state, null), 400, 'VALIDATION_FAILED');
    const nonce = ours.cookie.split('=')[1] ?? '';
    const forged = `${nonce}.${Buffer.from('https://evil.example/').toString('base64url')}`;
    api.refused(await back(forged, ours.cookie), 400, 'VALIDATION_FAILED');
    // This browser's nonce with a made-up MAC, and a genuine state with one letter changed.
    const madeUp = base62Encode(Buffer.concat([Buffer.from(nonce, 'base64url'), randomBytes(16), Buffer.from('/payment?orderId=43')]));
    api.refused(await back(madeUp, ours.cookie), 400, 'VALIDATION_FAILED');
    const last = ours.state.at(-1) === 'A' ? 'B' : 'A';
    api.refused(await back(`${ours.state.slice(0, -1)}${last}`, ours.cookie), 400, 'VALIDATION_FAILED');
    api.refused(await back(Buffer.from('/payment?orderId=42').toString('base64url'), ours.cookie), 400, 'VALIDATION_FAILED');
  });
});
