import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  API_BASE,
  CHECK_IN_REWARDS,
  apiPaths,
  pointsSummaryResponseSchema,
  userProfileResponseSchema,
} from '@drama/contracts';
import { adminCli, createAccount, signInAs, type TestAccount } from './accounts';
import { expect, openPreferences, recordToasts, test } from './fixtures';
import { grantPoints } from './operator-acts';

const TIME_ZONE = 'Asia/Shanghai';

test.use({ locale: 'en-US', timezoneId: TIME_ZONE, allowedConsoleErrors: [/status of 4\d\d/] });

async function me(request: APIRequestContext, account: TestAccount) {
  const response = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: { Authorization: `Bearer ${account.token}` } });
  return userProfileResponseSchema.parse(await response.json()).data;
}

/** How the profile's VIP card writes a date in English. */
function englishDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** A new member, allowed the clipboard, on the tasks page; gives the row of a task there. */
async function openTasks(page: Page, request: APIRequestContext, context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, await createAccount(request));
  await page.goto('/points/tasks');
  return (type: string) => page.locator(`[data-testid="task-row"][data-task="${type}"]`);
}

test('a new member checks in once a day and sees the points and the record', async ({ page, request }) => {
  // A whole day's story across four screens and a reload.
  test.slow();
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/profile');
  await page.getByTestId('points-card').click();
  await expect(page).toHaveURL('/points');

  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await expect(page.getByTestId('points-today')).toHaveText('0');
  const days = page.getByTestId('check-in-day');
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAttribute('data-state', 'today');
  for (const [index, reward] of CHECK_IN_REWARDS.entries()) await expect(days.nth(index)).toContainText(`+${reward}`);

  const checkIn = page.getByTestId('check-in-button');
  await expect(checkIn).toHaveText(`Check in +${CHECK_IN_REWARDS[0]}`);
  await checkIn.click();
  await expect(page.getByTestId('toast-success')).toHaveText(`Checked in: +${CHECK_IN_REWARDS[0]} points`);
  await expect(page.getByTestId('points-balance')).toHaveText(String(CHECK_IN_REWARDS[0]));
  await expect(page.getByTestId('points-today')).toHaveText(`+${CHECK_IN_REWARDS[0]}`);
  await expect(checkIn).toHaveText('Checked in today');
  await expect(checkIn).toBeDisabled();
  await expect(days.first()).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('check-in-streak')).toHaveText('Checked in 1 day in a row');

  const recent = page.getByTestId('recent-records').getByTestId('points-record');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toHaveAttribute('data-type', 'sign_in');

  // The server holds the state: a reload still shows it done, and the tasks page says received.
  await page.reload();
  await expect(page.getByTestId('check-in-button')).toHaveText('Checked in today');
  await page.getByRole('link', { name: 'Tasks', exact: true }).click();
  await expect(page).toHaveURL('/points/tasks');
  const task = page.locator('[data-testid="task-row"][data-task="dailyCheckIn"]');
  await expect(task).toHaveAttribute('data-status', 'received');
  await expect(task.getByTestId('task-button')).toHaveText('Received');
  await expect(task.getByTestId('task-button')).toBeDisabled();
  await expect(page.getByTestId('tasks-reset')).toContainText('Daily tasks reset at 00:00');
  await expect(page.getByTestId('tasks-balance')).toHaveText(String(CHECK_IN_REWARDS[0]));

  // Nor does the API let it happen twice.
  const again = await request.post(`${API_BASE}${apiPaths.taskClaim('dailyCheckIn')}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()) as unknown).toMatchObject({ code: 'TASK_ALREADY_RECEIVED' });

  await page.goto('/points/records');
  const rows = page.getByTestId('records-list').getByTestId('points-record');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('record-type')).toHaveText('Check-in');
  await expect(rows.first().getByTestId('record-amount')).toHaveText(`+${CHECK_IN_REWARDS[0]}`);
  await expect(rows.first()).toContainText(`Balance ${CHECK_IN_REWARDS[0]}`);

  await page.goto('/profile');
  await expect(page.getByTestId('points-balance')).toHaveText(String(CHECK_IN_REWARDS[0]));
});

test('points granted by the operator buy VIP days in the store', async ({ page, request, baseURL }) => {
  // The operator's command starts a TypeScript process of its own: slow on a busy machine.
  test.slow();
  const account = await createAccount(request);
  const printed = await adminCli(baseURL ?? '', ['points', 'grant', String(account.user.id), '--amount', '1000', '--reason', 'e2e']);
  expect(printed).toContain(`Granted 1000 points to user ${account.user.id}: balance 1000`);

  const toasts = await recordToasts(page);
  await signInAs(page, account);
  await page.goto('/points/mall');
  await expect(page.getByTestId('mall-balance')).toHaveText('1,000');
  await expect(page.getByTestId('mall-vip-state')).toHaveText('Not a VIP yet: exchange points for VIP days');
  const week = page.getByTestId('mall-item').filter({ hasText: '7-day VIP' });
  await expect(week.getByTestId('mall-cost')).toHaveText('600');

  // Cancelling the confirmation spends nothing.
  await week.getByRole('button', { name: 'Exchange' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Spend 600 points on “7-day VIP”?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('mall-balance')).toHaveText('1,000');

  await week.getByRole('button', { name: 'Exchange' }).click();
  await dialog.getByRole('button', { name: 'Exchange' }).click();
  const exchanged = async () => (await toasts()).find((toast) => toast.startsWith('success: Exchanged: VIP until'));
  await expect.poll(exchanged).toBeDefined();
  const said = (await exchanged())?.slice('success: '.length);
  const expiry = (await me(request, account)).vipExpireTime ?? '';
  expect(Math.abs(new Date(expiry).getTime() - (Date.now() + 7 * 86_400_000))).toBeLessThan(5 * 60_000);
  expect(said).toBe(`Exchanged: VIP until ${englishDate(expiry)}`);
  await expect(page.getByTestId('mall-balance')).toHaveText('400');
  await expect(page.getByTestId('mall-vip-state')).toContainText(`VIP until ${englishDate(expiry)}`);

  await page.goto('/profile');
  await expect(page.getByTestId('vip-card')).toHaveAttribute('data-vip', 'active');
  await expect(page.getByTestId('vip-status')).toHaveText(`Valid until ${englishDate(expiry)}`);
  await expect(page.getByTestId('points-balance')).toHaveText('400');

  // The records list both lines; the filter keeps only the chosen kind, and says when there is none.
  await page.goto('/points/records');
  const rows = page.getByTestId('records-list').getByTestId('points-record');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'VIP exchange' }).click();
  await expect(page).toHaveURL('/points/records?type=vip_exchange');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('record-amount')).toHaveText('\u2212600');
  await expect(rows).toContainText('7-day VIP');
  await expect(rows).toContainText('Balance 400');
  await page.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(page.getByText('No records of this type')).toBeVisible();
  await page.getByRole('button', { name: 'System grant' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('record-amount')).toHaveText('+1,000');
});

test('the store tells a member with too few points how many they have and need', async ({ page, request }) => {
  const account = await createAccount(request);
  await grantPoints(request, account.user.id, 150);
  await signInAs(page, account);
  await page.goto('/points/mall');
  await expect(page.getByTestId('mall-balance')).toHaveText('150');
  const month = page.getByTestId('mall-item').filter({ hasText: '30-day VIP' });
  // Too few points: the button says so and cannot be pressed.
  const exchange = month.getByTestId('mall-exchange');
  await expect(exchange).toHaveText('Need 2,050 more points');
  await expect(exchange).toBeDisabled();
  await expect(page.getByTestId('mall-item').filter({ hasText: '7-day VIP' }).getByTestId('mall-exchange')).toHaveText('Need 450 more points');

  const summary = await request.get(`${API_BASE}${apiPaths.points()}`, { headers: { Authorization: `Bearer ${account.token}` } });
  expect(pointsSummaryResponseSchema.parse(await summary.json()).data.balance).toBe(150);
  expect((await me(request, account)).vipLevel).toBe(0);
});

test('tasks lead where they are done; a shared link counts and is claimed', async ({ page, request, context }) => {
  const row = await openTasks(page, request, context);

  await expect(row('watchVideo').getByTestId('task-progress')).toHaveText('0/3');
  await row('bindPhone').getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL('/settings/bind-phone');
  await page.goBack();

  // Without a share sheet the link is copied; the share then counts and can be claimed.
  await row('shareContent').getByRole('button', { name: 'Go' }).click();
  await expect(row('shareContent')).toHaveAttribute('data-status', 'completed');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(new URL('/', page.url()).toString());
  await row('shareContent').getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '+10 points' })).toBeVisible();
  await expect(row('shareContent')).toHaveAttribute('data-status', 'received');
  await expect(row('shareContent').getByTestId('task-button')).toBeDisabled();
  await expect(page.getByTestId('tasks-balance')).toHaveText('10');
});

test('the invite code is shown in a sheet', async ({ page, request, context }) => {
  const row = await openTasks(page, request, context);

  // Follow us: e2e/profile-edit.spec.ts.
  const sheet = page.getByRole('dialog');
  await row('inviteFriends').getByRole('button', { name: 'Go' }).click();
  await expect(sheet.getByTestId('invite-code')).not.toBeEmpty();
  const code = (await sheet.getByTestId('invite-code').textContent()) ?? '';
  await sheet.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Invite code copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // The link opens sign-up with the code filled in (e2e/invite.spec.ts follows it through).
  await sheet.getByRole('button', { name: 'Copy invite link' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Invite link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(new URL(`/auth/sign-up?invite=${code}`, page.url()).href);
});

test('a new member’s check-in reads 0/1 with an empty bar until checked in', async ({ page, request, context }) => {
  const row = await openTasks(page, request, context);
  const checkIn = row('dailyCheckIn');
  await expect(checkIn).toHaveAttribute('data-status', 'not_started');
  await expect(checkIn.getByTestId('task-progress')).toHaveText('0/1');
  await expect(checkIn.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(checkIn.getByTestId('task-button')).toHaveText('Check in');

  await checkIn.getByTestId('task-button').click();
  await expect(checkIn).toHaveAttribute('data-status', 'received');
  await expect(checkIn.getByTestId('task-progress')).toHaveText('1/1');
  await expect(checkIn.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
});

test('a record made in English reads in Chinese after the language is switched', async ({ page, request }) => {
  test.slow();
  const account = await createAccount(request);
  await grantPoints(request, account.user.id, 100);
  await signInAs(page, account);
  await page.goto('/points/mall');
  const day = page.getByTestId('mall-item').filter({ hasText: '1-day VIP' });
  await day.getByRole('button', { name: 'Exchange' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Exchange' }).click();
  await expect(page.getByTestId('mall-balance')).toHaveText('0');

  await page.goto('/points/records');
  const row = page.getByTestId('records-list').locator('[data-testid="points-record"][data-type="vip_exchange"]');
  await expect(row).toContainText('1-day VIP');

  // The language is switched where the app offers it, the home header, and the member comes back.
  await page.goto('/');
  await openPreferences(page);
  await page.locator('label', { has: page.getByTestId('language-zh-CN') }).click();
  await page.keyboard.press('Escape');
  await page.goto('/points/records');
  await expect(row).toContainText('兑换会员');
  await expect(row).toContainText('1天会员');
  await expect(row).not.toContainText('1-day VIP');

  await page.goto('/points');
  const recent = page.getByTestId('recent-records').locator('[data-testid="points-record"][data-type="vip_exchange"]');
  await expect(recent).toContainText('1天会员');
  await expect(recent).not.toContainText('1-day VIP');
});
