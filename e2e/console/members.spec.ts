import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, signInAs } from '../accounts';
import { expect as baseExpect, test } from '../fixtures';
import { chooseSetupPassword, DESKTOP, newOperator, signIn } from './console-support';

// The machine this runs on is shared: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' } as const;

test('a support operator finds a member by e-mail and grants 7 VIP days with a reason; the member then has VIP in the viewers\' app', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const member = await createAccount(request);
  const support = await newOperator(request, 'support');
  await chooseSetupPassword(page, support.setupPath);
  await page.goto('/console/sign-in');
  await signIn(page, support.username);
  await expect(page.getByTestId('operator')).toContainText(support.username);
  await page.getByRole('menuitem', { name: 'Find a member' }).click();
  await expect(page).toHaveURL(/\/console\/members$/);

  await page.getByPlaceholder('ID, name, phone or e-mail').fill(member.email.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/query=/);
  const row = page.locator('.ant-table-row', { hasText: member.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(member.email);
  await row.getByRole('link', { name: member.username }).click();
  await expect(page).toHaveURL(new RegExp(`/console/members/${member.user.id}$`));
  await expect(page.locator('.page-header h3')).toHaveText(member.username);
  await expect(page.getByText('No VIP').first()).toBeVisible();

  await page.getByRole('button', { name: 'VIP days' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Days').fill('7');
  // The reason is required.
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Playback outage on the 3rd');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('VIP changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^VIP until /).first()).toBeVisible();

  // The VIP tab lists the change with its reason and who made it.
  await page.getByRole('tab', { name: 'VIP' }).click();
  const change = page.locator('.ant-table-row', { hasText: 'Playback outage on the 3rd' });
  await expect(change).toContainText('+7 days');
  await expect(change).toContainText(support.username);

  // The member's app shows VIP.
  const viewerContext = await browser.newContext(PHONE);
  try {
    const viewer = await viewerContext.newPage();
    await signInAs(viewer, member, { [STORAGE_KEYS.language]: 'en-US' });
    await viewer.goto('/profile');
    await expect(viewer.getByTestId('vip-card')).toHaveAttribute('data-vip', 'active');
    await expect(viewer.getByTestId('vip-status')).toContainText('Valid until');
  } finally {
    await viewerContext.close();
  }
});
