import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, signInAs } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { buyMonthInSandbox, setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test("a finance operator refunds a member's sandbox order in full; the member's VIP ends in the viewers' app", async ({ page, request, browser }) => {
  // Generous: the console and the viewers' app load side by side on a shared machine.
  test.setTimeout(300_000);
  const member = await createAccount(request);
  const order = await buyMonthInSandbox(request, member);

  // The member has VIP in the viewers' app.
  const viewerContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  try {
    const viewer = await viewerContext.newPage();
    await signInAs(viewer, member, { [STORAGE_KEYS.language]: 'en-US' });
    await viewer.goto('/profile');
    await expect(viewer.getByTestId('vip-card')).toHaveAttribute('data-vip', 'active');

    const finance = await newOperator(request, 'finance');
    await setUpAndSignIn(page, finance);
    await page.goto('/console/orders');
    await expect(page.locator('.page-header h3')).toHaveText('Orders', { timeout: 30_000 });
    await page.getByPlaceholder('Order no., trade no. or member ID').fill(order.orderNo);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    const row = page.locator('.ant-table-row', { hasText: order.orderNo });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('Paid');
    await row.getByRole('link', { name: order.orderNo }).click();
    await expect(page).toHaveURL(new RegExp(`/console/orders/${order.id}$`));

    // What the channel said: the sandbox's signed notification, applied.
    await expect(page.getByText('Signature verified')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Applied', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Amount (¥)')).toHaveValue('30.00');
    await expect(dialog.getByText('This refund removes 30 VIP days.')).toBeVisible();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Charged twice by mistake');
    // The confirmation is required.
    await dialog.getByRole('button', { name: 'Refund ¥30.00' }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Refund ¥30.00' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    const refund = page.locator('.ant-table-row', { hasText: 'Charged twice by mistake' });
    await expect(refund).toContainText('Refunded');
    await expect(refund).toContainText('−30 days');
    await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeDisabled();

    // The member's VIP has ended.
    await viewer.reload();
    await expect(viewer.getByTestId('vip-card')).not.toHaveAttribute('data-vip', 'active');
  } finally {
    await viewerContext.close();
  }
});
