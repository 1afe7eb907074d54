import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { buyMonthInSandbox, setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test('a finance operator refunds part of an order: it reads partly refunded with the amount, asking the channel keeps it, and the audit log names the action', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const member = await createAccount(request);
  const order = await buyMonthInSandbox(request, member);

  const finance = await newOperator(request, 'finance');
  await setUpAndSignIn(page, finance);
  await page.goto(`/console/orders/${order.id}`);
  await expect(page.getByText('Signature verified')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount (¥)').fill('10');
  await expect(dialog.getByText('This refund removes 10 VIP days.')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Playback outage for a week');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Refund ¥10.00' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The order's status says part of it came back, and how much; never just "Refunded".
  const summary = page.locator('.ant-descriptions');
  await expect(summary).toContainText('Partly refunded ¥10.00');
  await expect(summary).toContainText('Refundable ¥20.00');

  // Asking the channel (the sandbox still calls the trade paid) keeps the refund state.
  await page.getByRole('button', { name: 'Ask the channel now' }).click();
  await expect(page.locator('.ant-message')).toContainText('The channel says: paid, then partly refunded');
  await expect(summary).toContainText('Partly refunded ¥10.00');

  // The list reads the same.
  await page.goto(`/console/orders?q=${order.orderNo}`);
  const row = page.locator('.ant-table-row', { hasText: order.orderNo });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText('Partly refunded ¥10.00');
  await expect(row).toContainText('−¥10.00');
  await page.goto(`/console/orders?q=${order.orderNo}&status=partly_refunded`);
  await expect(page.locator('.ant-table-row', { hasText: order.orderNo })).toHaveCount(1, { timeout: 30_000 });

  // The owner reads the refund in the audit log by its label, not its code.
  const ownerContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  try {
    const ownerPage = await ownerContext.newPage();
    await setUpAndSignIn(ownerPage, await newOperator(request, 'owner'));
    await ownerPage.goto(`/console/audit?targetType=order&targetId=${order.id}`);
    const refund = ownerPage.getByRole('row').filter({ hasText: finance.username }).filter({ hasText: 'Refund order' });
    await expect(refund).toHaveCount(1, { timeout: 30_000 });
    await expect(ownerPage.getByRole('row').filter({ hasText: 'Ask channel about order' })).toHaveCount(1);
    await expect(ownerPage.locator('.ant-table-tbody')).not.toContainText('order.refund');
    await expect(ownerPage.locator('.ant-table-tbody')).not.toContainText('order.query');

    // The filter by action offers the same labels.
    await ownerPage.goto('/console/audit?action=order.refund');
    await expect(ownerPage.locator('.audit-action-filter')).toContainText('Refund order');
    await expect(ownerPage.getByRole('row').filter({ hasText: finance.username }).first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await ownerContext.close();
  }
});
