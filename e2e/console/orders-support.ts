import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_BASE, apiPaths, createOrderResponseSchema, planListResponseSchema, type Session } from '@drama/contracts';
import { PASSWORD } from './console-support';

/** The member buys the month plan through the sandbox channel, as the checkout page's Pay does; returns the order. */
export async function buyMonthInSandbox(request: APIRequestContext, session: Session) {
  const plans = planListResponseSchema.parse(await (await request.get(`${API_BASE}${apiPaths.plans()}`)).json()).data.items;
  const month = plans.find((plan) => plan.code === 'month');
  expect(month, 'the month plan is on sale').toBeDefined();
  const created = await request.post(`${API_BASE}${apiPaths.orders()}`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { planId: month!.id, channel: 'alipay' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { order } = createOrderResponseSchema.parse(await created.json()).data;
  const settled = await request.post(`${API_BASE}/sandbox/checkout/${order.orderNo}`, { data: { result: 'success' } });
  expect(settled.ok(), await settled.text()).toBe(true);
  return order;
}

/** Chooses the password of a set-up link and signs in, in whatever language the console shows. */
export async function setUpAndSignIn(page: Page, operator: { username: string; setupPath: string }): Promise<void> {
  await page.goto(operator.setupPath);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#passwordRepeat').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page.locator('.ant-result-success')).toBeVisible();
  await page.goto('/console/sign-in');
  await page.locator('#username').fill(operator.username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  // Signed in: the console leaves the sign-in page for the operator's home.
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
}
