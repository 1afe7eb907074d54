import type { APIRequestContext, Page } from '@playwright/test';
import {
  API_BASE,
  STORAGE_KEYS,
  apiPaths,
  createOrderResponseSchema,
  planListResponseSchema,
  userProfileResponseSchema,
  type PaymentChannelId,
  type Plan,
  type PlanCode,
  type Session,
} from '@drama/contracts';
import { createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';
import { SWIPE_HINT_SEEN, dramaDetail, expectPlaying } from './player-support';

/*
 * Buying VIP end to end against the real server and its sandbox payment channel: the QR code's
 * address is the sandbox checkout page, whose Pay and Fail buttons send the signed notification
 * a real channel would send. The app learns the outcome by polling the order, as it would live.
 */

test.use({ locale: 'en-US' });

const DAY_MS = 24 * 60 * 60 * 1000;
const ENGLISH = { [STORAGE_KEYS.language]: 'en-US', [STORAGE_KEYS.theme]: 'dark', ...SWIPE_HINT_SEEN };

function auth(session: Session) {
  return { Authorization: `Bearer ${session.token}`, 'Accept-Language': 'en-US' };
}

async function plansOnSale(request: APIRequestContext): Promise<Plan[]> {
  const response = await request.get(`${API_BASE}${apiPaths.plans()}`, { headers: { 'Accept-Language': 'en-US' } });
  return planListResponseSchema.parse(await response.json()).data.items;
}

async function planByCode(request: APIRequestContext, code: PlanCode): Promise<Plan> {
  const plan = (await plansOnSale(request)).find((item) => item.code === code);
  expect(plan, `the ${code} plan is on sale`).toBeDefined();
  return plan!;
}

async function profileOf(request: APIRequestContext, session: Session) {
  const response = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: auth(session) });
  return userProfileResponseSchema.parse(await response.json()).data;
}

/** An order made and settled through the API, as another device of the same member would. */
async function settledOrder(request: APIRequestContext, session: Session, planId: number, result: 'success' | 'fail') {
  const created = await request.post(`${API_BASE}${apiPaths.orders()}`, {
    headers: auth(session),
    data: { planId, channel: 'alipay' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { order } = createOrderResponseSchema.parse(await created.json()).data;
  const settled = await request.post(`${API_BASE}/sandbox/checkout/${order.orderNo}`, { data: { result } });
  expect(settled.ok(), await settled.text()).toBe(true);
  return order;
}

function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

function englishDate(iso: string | Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
}

/** Membership → checkout → the QR code page of a new order; returns the order id. */
async function startOrder(page: Page, plan: Plan, channel: PaymentChannelId): Promise<number> {
  await page.goto('/membership');
  await page.getByTestId(`plan-${plan.code}`).click();
  await expect(page.getByTestId(`plan-${plan.code}`)).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: channel === 'alipay' ? 'Alipay' : 'WeChat Pay' }).click();
  await expect(page.getByTestId('pay-total')).toHaveText(yuan(plan.priceFen));
  await page.getByTestId('membership-continue').click();
  await expect(page).toHaveURL(`/membership/payment?plan=${plan.code}&channel=${channel}`);
  await expect(page.getByTestId('checkout-summary')).toContainText(plan.name);
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

/** On a phone the payment page pays on the phone itself; its "Show QR code" shows the code these journeys scan. */
async function showQr(page: Page): Promise<void> {
  await page.getByTestId('show-qr').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
}

/** Opens the QR code's address in a tab of its own (as a phone would) and answers there. */
async function answerAtCheckout(page: Page, answer: 'Pay' | 'Fail'): Promise<void> {
  const qr = page.getByTestId('payment-qr');
  if (await page.getByTestId('show-qr').isVisible()) await showQr(page);
  await expect(qr).toBeVisible();
  const address = await qr.getAttribute('data-qr-content');
  expect(address).toMatch(/\/sandbox\/checkout\/[A-Za-z0-9]+$/);
  await expect(page.getByTestId('open-checkout')).toHaveAttribute('href', address!);
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('open-checkout').click()]);
  await checkout.waitForLoadState();
  expect(checkout.url()).toBe(address);
  await checkout.getByRole('button', { name: answer, exact: true }).click();
  await expect(checkout.getByRole('status')).toContainText(answer === 'Pay' ? 'Paid.' : 'Payment failed.');
  await checkout.close();
}

test.describe('buying VIP', () => {
  test('a new member pays for a month in the sandbox and can then watch a locked episode', async ({ page, request }) => {
    test.slow();
    const account = await createAccount(request);
    const month = await planByCode(request, 'month');
    await signInAs(page, account, ENGLISH);

    await page.goto('/membership');
    await expect(page.getByTestId('vip-status')).toHaveAttribute('data-vip', 'none');
    await expect(page.getByTestId('vip-state-text')).toHaveText('Not a VIP yet: unlock every episode');
    for (const plan of await plansOnSale(request)) {
      const card = page.getByTestId(`plan-${plan.code}`);
      await expect(card).toContainText(plan.name);
      await expect(card.getByTestId('plan-price')).toHaveText(yuan(plan.priceFen));
      await expect(card.getByTestId('plan-per-day')).toHaveText(`${yuan(Math.round(plan.pricePerDayFen))}/day`);
      await expect(card.getByTestId('best-value')).toHaveCount(plan.isBestValue ? 1 : 0);
    }
    await expect(page.getByRole('radio', { name: 'Alipay' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'WeChat Pay' })).toBeVisible();

    const startedAt = Date.now();
    const orderId = await startOrder(page, month, 'wechat');
    await expect(page.getByTestId('payment-amount')).toHaveText(yuan(month.priceFen));
    await expect(page.getByTestId('payment-countdown')).toHaveText(/^Pay within 1[45]:\d\d$/);
    await expect(page.getByTestId('sandbox-note')).toBeVisible();
    await showQr(page);
    await expect(page.getByText('Scan with WeChat Pay to pay')).toBeVisible();

    await answerAtCheckout(page, 'Pay');
    // Seen by polling the order; nothing on this page was touched.
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment successful');

    const profile = await profileOf(request, account);
    expect(profile.vipLevel).toBeGreaterThan(0);
    const expiry = new Date(profile.vipExpireTime!).getTime();
    expect(expiry).toBeGreaterThanOrEqual(startedAt + 30 * DAY_MS - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
    const date = englishDate(profile.vipExpireTime!);
    await expect(page.getByTestId('result-vip-until')).toHaveText(`You are a VIP until ${date}`);

    // The kept user info was refreshed: the profile knows without signing in again.
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await expect(page.getByTestId('vip-card')).toHaveAttribute('data-vip', 'active');
    await expect(page.getByTestId('vip-status')).toHaveText(`Valid until ${date}`);

    const drama = await dramaDetail(request, 1);
    const locked = drama.episodes.find((episode) => !episode.isFree)!;
    await page.goto(`/player/${drama.id}?episode=${locked.id}`);
    await expectPlaying(page, locked.id);
  });

  test('a failed payment says why; the orders list and details show every order as it ended', async ({ page, request }) => {
    test.slow();
    const account = await createAccount(request);
    const [week, quarter] = [await planByCode(request, 'week'), await planByCode(request, 'quarter')];
    const paid = await settledOrder(request, account, quarter.id, 'success');
    await signInAs(page, account, ENGLISH);

    const orderId = await startOrder(page, week, 'alipay');
    await answerAtCheckout(page, 'Fail');
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}`, { timeout: 20_000 });
    await expect(page.getByTestId('result-title')).toHaveText('Payment failed');
    await expect(page.getByTestId('result-reason')).toContainText('The payment did not go through');

    await page.getByTestId('choose-plan-again').click();
    await expect(page).toHaveURL('/membership');
    await expect(page.getByTestId('unpaid-order')).toHaveCount(0);

    await page.goto('/orders');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    // Newest first.
    await expect(rows.nth(0).getByTestId('order-plan')).toHaveText(week.name);
    await expect(rows.nth(0).getByTestId('order-status')).toHaveText('Failed');
    await expect(rows.nth(0).getByTestId('order-amount')).toHaveText(yuan(week.priceFen));
    await expect(rows.nth(1).getByTestId('order-plan')).toHaveText(quarter.name);
    await expect(rows.nth(1).getByTestId('order-status')).toHaveText('Paid');
    await expect(rows.nth(1)).toContainText(`${quarter.days} days`);

    await rows.nth(1).click();
    await expect(page).toHaveURL(`/orders/${paid.id}`);
    await expect(page.getByTestId('field-order-no')).toContainText(paid.orderNo);
    await expect(page.getByTestId('field-plan')).toContainText(quarter.name);
    await expect(page.getByTestId('field-amount')).toContainText(yuan(quarter.priceFen));
    await expect(page.getByTestId('field-duration')).toContainText(`${quarter.days} days`);
    await expect(page.getByTestId('field-channel')).toContainText('Alipay');
    await expect(page.getByTestId('field-created')).toContainText(englishDate(paid.createdAt));
    await expect(page.getByTestId('field-paid')).not.toContainText('Not paid');
    await expect(page.getByTestId('field-failure')).toHaveCount(0);
    await expect(page.getByTestId('continue-payment')).toHaveCount(0);

    await page.goBack();
    await rows.nth(0).click();
    await expect(page).toHaveURL(`/orders/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Failed');
    await expect(page.getByTestId('field-paid')).toContainText('Not paid');
    await expect(page.getByTestId('field-failure')).toContainText('The payment did not go through');
  });

  test('an unpaid order is resumed after leaving, and can be cancelled', async ({ page, request }) => {
    test.slow();
    const account = await createAccount(request);
    const year = await planByCode(request, 'year');
    await signInAs(page, account, ENGLISH);

    const orderId = await startOrder(page, year, 'alipay');
    await showQr(page);
    const qr = await page.getByTestId('payment-qr').getAttribute('data-qr-content');
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByTestId('vip-card').click();
    await expect(page).toHaveURL('/membership');
    const unpaid = page.getByTestId('unpaid-order');
    await expect(unpaid).toContainText('You have an unpaid order');
    await expect(unpaid).toContainText(yuan(year.priceFen));
    await unpaid.click();
    await expect(page).toHaveURL(`/payment?orderId=${orderId}`);
    // The same payment, not a new one.
    await showQr(page);
    await expect(page.getByTestId('payment-qr')).toHaveAttribute('data-qr-content', qr!);

    await page.getByTestId('cancel-order').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Cancel this order?');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByTestId('payment-qr')).toBeVisible();

    await page.getByTestId('cancel-order').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}`);
    await expect(page.getByTestId('result-title')).toHaveText('Order cancelled');
    await expect(page.getByTestId('result-reason')).toHaveText('You cancelled this order');

    await page.goto('/membership');
    await expect(page.getByTestId('plan-year')).toBeVisible();
    await expect(page.getByTestId('unpaid-order')).toHaveCount(0);
    await page.goto('/orders');
    await expect(page.getByTestId('order-row').getByTestId('order-status')).toHaveText('Cancelled');
  });

  test('a member with no orders is offered a plan', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    await page.goto('/orders');
    await expect(page.getByText('No orders yet')).toBeVisible();
    await page.getByRole('link', { name: 'Get VIP' }).click();
    await expect(page).toHaveURL('/membership');
  });
});

test.describe('when the server cannot help', () => {
  test.use({ allowedConsoleErrors: [/status of 5\d\d/] });

  test('plans and payment methods that fail to load say so and recover on retry', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    let failing = true;
    for (const path of [apiPaths.plans(), apiPaths.paymentChannels()]) {
      await page.route(`**${API_BASE}${path}`, (route) =>
        failing
          ? route.fulfill({ status: 503, json: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'busy' } })
          : route.fallback(),
      );
    }
    await page.goto('/membership');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load the plans' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load the payment methods' })).toBeVisible();
    await expect(page.getByTestId('membership-continue')).toBeDisabled();

    failing = false;
    await page.getByRole('alert').filter({ hasText: 'Could not load the plans' }).getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Could not load the payment methods' })
      .getByRole('button', { name: 'Try again' })
      .click();
    await expect(page.getByTestId('plan-month')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Alipay' })).toBeVisible();
    await expect(page.getByTestId('membership-continue')).toBeEnabled();
  });

  test('an order the channel could not create says so, and nothing is charged', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInAs(page, account, ENGLISH);
    await page.route(`**${API_BASE}${apiPaths.orders()}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 502, json: { success: false, code: 'PAYMENT_CREATE_FAILED', message: 'channel down' } })
        : route.fallback(),
    );
    await page.goto('/membership/payment?plan=month&channel=alipay');
    await page.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('form-error')).toHaveText('Could not create the order, please try again');
    await expect(page).toHaveURL('/membership/payment?plan=month&channel=alipay');
  });
});
