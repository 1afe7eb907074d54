import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { buyMonthInSandbox, setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 40[14]/] });

/** Today in the server's APP_TIMEZONE (the e2e server keeps the default, Asia/Shanghai). */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

test('finance reconciles a day with a sandbox purchase, sees it matched, and runs it again', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('console.locale', 'en-US'));
  const member = await createAccount(request);
  await buyMonthInSandbox(request, member);
  const finance = await newOperator(request, 'finance');
  await setUpAndSignIn(page, finance);

  const day = today();
  await page.goto(`/console/reconciliation/${day}`);
  const run = page.getByRole('button', { name: /Run/ }).first();
  await run.click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  const sandbox = page.getByTestId('reconciliation-sandbox');
  await expect(sandbox).toContainText('Matched', { timeout: 30_000 });
  await expect(page.locator('.ant-table-tbody')).toContainText('No differences');

  await expect(page.getByRole('button', { name: /Run again/ })).toBeVisible();
  await run.click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(page.locator('.ant-message')).toContainText('Reconciled again', { timeout: 30_000 });
  await expect(sandbox).toContainText('Matched');

  await page.goto('/console/reconciliation');
  await expect(page.locator('.ant-table-row').first()).toContainText(day, { timeout: 30_000 });
});
