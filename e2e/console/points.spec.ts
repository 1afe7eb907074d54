import { API_BASE, STORAGE_KEYS, apiPaths, consolePointsPaths } from '@drama/contracts';
import { createAccount, operatorHeaders, signInAs } from '../accounts';
import { expect, test } from '../fixtures';
import { grantPoints } from '../operator-acts';
import { DESKTOP, newOperator } from './console-support';
import { setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 4\d\d/] });

test('finance puts a mall item on sale, a member exchanges it, it goes off sale; a changed task reward is what the next claim pays', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const finance = await newOperator(request, 'finance');
  await setUpAndSignIn(page, finance);

  // A new item, on sale, named in the three languages.
  await page.goto('/console/mall-items');
  await expect(page.locator('.page-header h3')).toHaveText('Points mall', { timeout: 30_000 });
  const name = `Fortnight ${Date.now()}`;
  await page.getByRole('button', { name: 'New item' }).click();
  const drawer = page.getByTestId('mall-item-drawer');
  await drawer.getByLabel('Name · Simplified Chinese').fill(`${name} 简`);
  await drawer.getByLabel('Name · Traditional Chinese').fill(`${name} 繁`);
  await drawer.getByLabel('Name · English').fill(name);
  await drawer.getByLabel('Description · English').fill('Two weeks of VIP');
  await drawer.getByLabel('Price').fill('140');
  await drawer.getByLabel('VIP days').fill('14');
  await drawer.getByLabel('Sale').click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item added')).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: name });
  await expect(row).toContainText('140 points');
  await expect(row).toContainText('14-day VIP');

  const member = await createAccount(request);
  await grantPoints(request, member.user.id, 500);
  const viewerContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  try {
    const viewer = await viewerContext.newPage();
    await signInAs(viewer, member, { [STORAGE_KEYS.language]: 'en-US' });
    await viewer.goto('/points/mall');
    const item = viewer.getByTestId('mall-item').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Exchange' }).click();
    const confirm = viewer.getByRole('alertdialog');
    await expect(confirm).toContainText(`Spend 140 points on “${name}”?`);
    await confirm.getByRole('button', { name: 'Exchange' }).click();
    await expect(viewer.getByTestId('mall-balance')).toHaveText('360');

    // Off sale: gone from the members' mall.
    await page.reload();
    await expect(row).toContainText('1', { timeout: 30_000 });
    await row.getByRole('switch', { name: `Take ${name} off sale` }).click();
    await expect(page.getByText(`${name} is off sale`)).toBeVisible();
    await viewer.reload();
    await expect(viewer.getByTestId('mall-balance')).toHaveText('360');
    await expect(viewer.getByTestId('mall-item').filter({ hasText: name })).toHaveCount(0);

    // A daily task's reward changed in the console is what the member's claim pays.
    await page.goto('/console/task-rewards');
    const share = page.locator('.ant-table-row', { hasText: 'Share a drama' });
    await share.getByLabel('Reward of Share a drama').fill('25');
    await share.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reward saved')).toBeVisible();

    const progress = await request.post(`${API_BASE}${apiPaths.taskProgress('shareContent')}`, { headers: { Authorization: `Bearer ${member.token}` }, data: {} });
    expect(progress.ok(), await progress.text()).toBe(true);
    await viewer.goto('/points/tasks');
    const task = viewer.locator('[data-testid="task-row"][data-task="shareContent"]');
    await expect(task).toHaveAttribute('data-status', 'completed');
    await task.getByRole('button', { name: 'Claim' }).click();
    await expect(viewer.getByTestId('toast-success').filter({ hasText: '+25 points' })).toBeVisible();
    await expect(viewer.getByTestId('tasks-balance')).toHaveText('385');
  } finally {
    await viewerContext.close();
    // Other journeys on the same server expect the shipped reward.
    const owner = await operatorHeaders(request);
    await request.put(`${API_BASE}/console${consolePointsPaths.taskReward('shareContent')}`, { headers: owner, data: { reward: 10 } });
  }
});
