import { readFile } from 'node:fs/promises';
import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, signInAs } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test('a finance operator makes a campaign, a member redeems one of its codes, and a revocation ends the rest', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const finance = await newOperator(request, 'finance');
  await setUpAndSignIn(page, finance);
  await page.goto('/console/campaigns');
  await expect(page.locator('.page-header h3')).toHaveText('Redeem campaigns', { timeout: 30_000 });

  const name = `Launch week ${Date.now()}`;
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Campaign').fill(name);
  await dialog.getByLabel('VIP days per code').fill('7');
  await dialog.getByLabel('Number of codes').fill('3');
  await dialog.getByRole('button', { name: 'Make the codes' }).click();
  await expect(page.getByText('3 codes made')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/campaigns\/\d+$/);
  await expect(page.locator('.page-header h3')).toHaveText(name);
  await expect(page.getByText('No code of this campaign has been redeemed yet')).toBeVisible();

  // The codes, as finance hands them out: the CSV export.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export codes (CSV)' }).click()]);
  const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('code,type,value,expires_at,status,redeemed_at,redeemed_by');
  const codes = lines.slice(1).map((line) => line.split(',')[0]!);
  expect(codes).toHaveLength(3);

  const member = await createAccount(request);
  const viewerContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  try {
    const viewer = await viewerContext.newPage();
    await signInAs(viewer, member, { [STORAGE_KEYS.language]: 'en-US' });
    await viewer.goto('/redeem');
    const input = viewer.getByLabel('Redeem code');
    await input.fill(codes[0]!);
    await viewer.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(viewer.getByTestId('redeem-result-value')).toHaveText('VIP +7 days');

    // The console counts it, and draws the day.
    await page.reload();
    await expect(page.locator('.ant-statistic', { hasText: 'Redeemed' }).locator('.ant-statistic-content')).toHaveText(/^1\s*\/ 3$/, { timeout: 30_000 });
    await expect(page.getByTestId('redemptions-chart')).toBeVisible();

    await page.getByRole('button', { name: /Revoke$/ }).click();
    const revoke = page.getByRole('dialog');
    await expect(revoke).toContainText('2 unused codes stop working at once');
    await revoke.getByRole('button', { name: 'Revoke the unused codes' }).click();
    await expect(revoke.locator('.ant-form-item-explain-error')).toHaveText('Say why the campaign is revoked');
    await revoke.getByLabel('Reason (kept in the audit log)').fill('Codes were posted on a forum');
    await revoke.getByRole('button', { name: 'Revoke the unused codes' }).click();
    await expect(page.getByText('Revoked: 2 codes ended')).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('Revoked');
    await expect(page.getByRole('button', { name: /Revoke$/ })).toBeDisabled();

    // A member who enters one of the rest hears it has expired; the first keeps their VIP.
    await input.fill(codes[1]!);
    await viewer.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(viewer.getByTestId('redeem-error')).toHaveText('This code has expired');
    await viewer.goto('/profile');
    await expect(viewer.getByTestId('vip-card')).toHaveAttribute('data-vip', 'active');

    // The list shows it revoked, found by its name.
    await page.goto('/console/campaigns');
    await page.getByPlaceholder('Campaign name').fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator('.ant-table-row', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Revoked');
    await expect(row).toContainText('1 of 3');
  } finally {
    await viewerContext.close();
  }
});
