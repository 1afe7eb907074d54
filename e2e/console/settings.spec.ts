import { API_BASE, apiPaths, STORAGE_KEYS } from '@drama/contracts';
import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test("the owner edits the user agreement beside the viewers' preview, viewers read it, channels say sandbox, and a code shows in the outbox", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const owner = await newOperator(request, 'owner');
  await setUpAndSignIn(page, owner);
  await page.goto('/console/settings');
  await expect(page.locator('.page-header h3')).toHaveText('Site settings', { timeout: 30_000 });
  await expect(page.getByTestId('payment-channels')).toContainText('Sandbox');

  await page.locator('.ant-segmented').getByTitle('English').click();
  const text = `Terms of ${Date.now()}: be kind to {platformName}.`;
  await page.getByTestId('legal-en-US-userAgreement').fill(text);
  const preview = page.frameLocator('[data-testid="legal-preview"]');
  await expect(preview.getByTestId('legal-text')).toContainText(text.split(':')[0]!);
  await page.getByTestId('settings-save').click();
  await expect(page.getByText("Settings saved; the viewers' app shows them now")).toBeVisible();

  const viewerContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  try {
    const viewer = await viewerContext.newPage();
    await viewer.addInitScript((key) => window.localStorage.setItem(key, 'en-US'), STORAGE_KEYS.language);
    await viewer.goto('/legal/agreement');
    await expect(viewer.getByTestId('legal-text')).toContainText(text.split(':')[0]!);
  } finally {
    await viewerContext.close();
  }

  // A member asks for a reset code by e-mail; the outbox keeps it.
  const member = await createAccount(request);
  const asked = await request.post(`${API_BASE}${apiPaths.authCodes()}`, { data: { channel: 'email', target: member.email, purpose: 'reset' } });
  expect(asked.ok(), await asked.text()).toBe(true);
  await page.goto(`/console/outbox?q=${encodeURIComponent(member.email)}`);
  await expect(page.locator('.ant-table-row', { hasText: member.email })).toHaveCount(1, { timeout: 30_000 });
});
