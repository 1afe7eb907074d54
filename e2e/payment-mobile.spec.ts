import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  API_BASE,
  STORAGE_KEYS,
  apiPaths,
  dramaDetailResponseSchema,
  userProfileResponseSchema,
  type PaymentChannelId,
  type Session,
} from '@drama/contracts';
import { createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';
import { PHONE_UA, WECHAT_UA } from './payment-agents';
import { SWIPE_HINT_SEEN } from './player-support';
import { pointIn, tap } from './touch';

/*
 * Paying on the phone itself, against the real server and its sandbox channel: on a phone (touch,
 * narrow) the payment page opens the channel's page, here the sandbox checkout, which returns to
 * the result page; inside WeChat it pays with JSAPI, the sandbox standing in for WeChat's sheet
 * with parameters its checkout verifies; on a computer it shows the QR code as before (the
 * journeys of membership.spec.ts, which scan it from "another phone", cover that in full).
 */

test.use({ locale: 'en-US' });

const ENGLISH = { [STORAGE_KEYS.language]: 'en-US', [STORAGE_KEYS.theme]: 'light', ...SWIPE_HINT_SEEN };

async function vipLevel(request: APIRequestContext, session: Session): Promise<number> {
  const response = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: { Authorization: `Bearer ${session.token}` } });
  return userProfileResponseSchema.parse(await response.json()).data.vipLevel;
}

/** A finger on `target`, once it is on screen. */
async function tapOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect(target).toBeEnabled();
  await tap(page, await pointIn(target));
}

/** The checkout of a plan and channel → Pay → the payment page of the new order; returns its id. */
async function orderByTouch(page: Page, plan: 'week' | 'month', channel: PaymentChannelId): Promise<number> {
  await page.goto(`/membership/payment?plan=${plan}&channel=${channel}`);
  await tapOn(page, page.getByTestId('checkout-pay'));
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

test.describe('on a phone’s browser', () => {
  test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a member buys VIP on the phone itself: the channel’s page, then the success screen', async ({ page, request }) => {
    test.slow();
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    const orderId = await orderByTouch(page, 'month', 'alipay');

    // A phone pays here, not by a code it cannot scan; the code is there if asked for.
    await expect(page.getByTestId('payment-mode')).toHaveAttribute('data-place', 'phone');
    await expect(page.getByTestId('payment-qr')).toHaveCount(0);
    await expect(page.getByTestId('payment-how')).toContainText('Pay with Alipay on this phone');
    await expect(page.getByTestId('pay-here')).toHaveAttribute('data-mode', 'wap');
    await tapOn(page, page.getByTestId('show-qr'));
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    await expect(page.getByTestId('payment-how')).toContainText('Scan with Alipay to pay');
    await tapOn(page, page.getByTestId('pay-on-phone'));
    await expect(page.getByTestId('payment-qr')).toHaveCount(0);

    await tapOn(page, page.getByTestId('pay-here'));
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[A-Za-z0-9]+\?flow=wap$/);
    await tapOn(page, page.getByRole('button', { name: 'Pay', exact: true }));
    // The checkout returns to the app's result page, as Alipay's page does with return_url.
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&returned=1`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment successful');
    await expect(page.getByTestId('result-vip-until')).toContainText('You are a VIP until');
    expect(await vipLevel(request, account)).toBeGreaterThan(0);
  });

  test('bought for a locked episode, the return from the channel’s page still leads back to it', async ({ page, request }) => {
    test.slow();
    const answer = await request.get(`${API_BASE}${apiPaths.drama(2)}`, { headers: { 'Accept-Language': 'en-US' } });
    const drama = dramaDetailResponseSchema.parse(await answer.json()).data;
    const locked = drama.episodes.find((episode) => !episode.isFree) ?? drama.episodes[drama.episodes.length - 1]!;
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    await page.goto(`/membership/payment?plan=week&channel=alipay&drama=${drama.id}&episode=${locked.id}`);
    await tapOn(page, page.getByTestId('checkout-pay'));
    await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=\\d+&drama=${drama.id}&episode=${locked.id}$`));
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    await tapOn(page, page.getByTestId('pay-here'));
    await tapOn(page, page.getByRole('button', { name: 'Pay', exact: true }));
    // The channel returns to the result page without the episode; the page puts it back.
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&returned=1&drama=${drama.id}&episode=${locked.id}`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment successful');
    await tapOn(page, page.getByTestId('continue-episode'));
    await expect(page).toHaveURL(new RegExp(`/player/${drama.id}\\?episode=${locked.id}$`));
  });

  test('back from the channel’s page without paying: not paid, and paying again from there works', async ({ page, request }) => {
    test.slow();
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    const orderId = await orderByTouch(page, 'week', 'wechat');
    await expect(page.getByTestId('pay-here')).toContainText('Pay with WeChat Pay');
    await tapOn(page, page.getByTestId('pay-here'));
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[A-Za-z0-9]+\?flow=wap$/);
    await tapOn(page, page.getByRole('link', { name: 'Back without paying' }));

    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&returned=1`);
    await expect(page.getByTestId('result-title')).toHaveText('Not paid yet', { timeout: 15_000 });
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'pending');
    await tapOn(page, page.getByTestId('pay-again'));
    await expect(page).toHaveURL(`/payment?orderId=${orderId}`);
    await tapOn(page, page.getByTestId('pay-here'));
    await tapOn(page, page.getByRole('button', { name: 'Pay', exact: true }));
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&returned=1`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment successful');
  });
});

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('WeChat Pay runs as JSAPI, the sandbox settling its signed parameters', async ({ page, request }) => {
    test.slow();
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    const orderId = await orderByTouch(page, 'month', 'wechat');
    await expect(page.getByTestId('payment-mode')).toHaveAttribute('data-place', 'wechat');
    await expect(page.getByTestId('pay-here')).toHaveAttribute('data-mode', 'jsapi');
    await tapOn(page, page.getByTestId('pay-here'));
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[A-Za-z0-9]+\?flow=jsapi&timeStamp=\d+&nonceStr=\w+&package=prepay_id%3Dsbx_\w+&paySign=[\w-]+$/);
    await tapOn(page, page.getByRole('button', { name: 'Pay', exact: true }));
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&returned=1`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment successful');
    expect(await vipLevel(request, account)).toBeGreaterThan(0);
  });
});

test.describe('inside WeChat, with the live channel', () => {
  test.use({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('one tap: the OAuth step for the openid, then WeChat’s payment sheet opens by itself', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    // WeChat's own browser: its bridge, which records what it is asked and reports a closed sheet.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, {
        __bridgeCalls: calls,
        WeixinJSBridge: {
          invoke: (name: string, params: unknown, done: (answer: { err_msg: string }) => void) => {
            calls.push({ name, params });
            done({ err_msg: 'get_brand_wcpay_request:cancel' });
          },
        },
      });
    });
    const orderId = await orderByTouch(page, 'month', 'wechat');
    // The order made, the channel as configured live, and WeChat's OAuth page, which comes
    // straight back with an openid.
    await page.route(`**${API_BASE}${apiPaths.paymentChannels()}*`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { items: Array<{ id: string; mode: string }> } };
      body.data.items = body.data.items.map((channel) => (channel.id === 'wechat' ? { ...channel, mode: 'live' } : channel));
      await route.fulfill({ response: answer, json: body });
    });
    await page.route(`**${API_BASE}/payments/wechat/oauth?*`, async (route) => {
      const returnTo = new URL(route.request().url()).searchParams.get('returnTo') ?? '/';
      await route.fulfill({ status: 302, headers: { location: `${returnTo}&wxOpenid=o-test-openid` } });
    });
    const created: unknown[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith(`${API_BASE}${apiPaths.orders()}`)) created.push(sent.postDataJSON());
    });

    await page.reload();
    await expect(page.getByTestId('payment-mode')).toHaveAttribute('data-place', 'wechat');
    // -1 while the page is on its way (to the OAuth step and back).
    const bridgeCalls = () => page.evaluate(() => (window as unknown as { __bridgeCalls: unknown[] }).__bridgeCalls.length).catch(() => -1);

    // A link someone else made, with their openid: not taken, and nothing opens by itself.
    await page.goto(`/payment?orderId=${orderId}&wxOpenid=o-someone-else`);
    await expect(page.getByTestId('pay-here')).toBeEnabled();
    await expect(page).toHaveURL(`/payment?orderId=${orderId}`);
    expect(await bridgeCalls()).toBe(0);
    expect(created).toEqual([]);

    await tapOn(page, page.getByTestId('pay-here'));
    await expect.poll(bridgeCalls).toBe(1);
    // Back from the step, the openid is kept by the page, not in the address or the history.
    await expect(page).toHaveURL(`/payment?orderId=${orderId}`);
    const [call] = await page.evaluate(() => (window as unknown as { __bridgeCalls: Array<{ name: string; params: Record<string, string> }> }).__bridgeCalls);
    expect(call?.name).toBe('getBrandWCPayRequest');
    expect(call?.params).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) });
    expect(created).toEqual([expect.objectContaining({ channel: 'wechat', mode: 'jsapi', openid: 'o-test-openid' })]);
    // The payer closed the sheet: the page waits for the button, and asks nothing more by itself.
    await expect(page.getByTestId('pay-here')).toBeEnabled();
    expect(await bridgeCalls()).toBe(1);
  });
});

test.describe('on a computer', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('the QR code as before, and no phone payment', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    await page.goto('/membership/payment?plan=month&channel=wechat');
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/payment\?orderId=(\d+)$/);
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    await expect(page.getByTestId('payment-mode')).toHaveAttribute('data-place', 'computer');
    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    await expect(page.getByText('Scan with WeChat Pay to pay')).toBeVisible();
    await expect(page.getByTestId('pay-here')).toHaveCount(0);
    await expect(page.getByTestId('show-qr')).toHaveCount(0);
    // Scanned and paid on another phone (membership.spec.ts opens the code's page in a tab of its own).
    const address = new URL((await qr.getAttribute('data-qr-content'))!);
    expect(address.search).toBe('');
    const settled = await request.post(`${API_BASE}${address.pathname}`, { data: { result: 'success' } });
    expect(settled.ok(), await settled.text()).toBe(true);
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment successful');
  });
});
