import { expect, test } from '../fixtures';
import { chooseSetupPassword, DESKTOP, newOperator, signIn, totpCode } from './console-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test('an owner turns on two-factor sign-in, signs in with a code and makes an operator who signs in through the set-up link', async ({ page, request, browser }) => {
  const owner = await newOperator(request, 'owner');
  await chooseSetupPassword(page, owner.setupPath);

  // A page of the console without a session leads to sign-in, and back to it afterwards.
  await page.goto('/console/audit?action=operator.create');
  await expect(page).toHaveURL(/\/console\/sign-in\?next=/);
  await signIn(page, owner.username);
  await expect(page).toHaveURL(/\/console\/audit\?action=operator\.create$/);
  await expect(page.locator('.audit-action-filter')).toContainText('Create operator');
  await expect(page.getByTestId('operator')).toContainText(owner.username);

  // Two-factor sign-in from my account: the secret beside the QR code, confirmed with a code.
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByLabel('Code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await signIn(page, owner.username, () => totpCode(secret, 1));
  await expect(page.getByTestId('operator')).toContainText(owner.username);

  // A new operator: the set-up link is shown once, to copy.
  await page.getByRole('menuitem', { name: 'Operators' }).click();
  await page.getByRole('button', { name: 'New operator' }).click();
  const username = `e2e-editor-${Date.now().toString(36)}`;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const setupUrl = new URL((await page.getByTestId('setup-url').innerText()).trim());
  await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Waiting for set-up');

  // The editor, in their own browser, chooses a password and sees what a content editor may use.
  const editorContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  const editor = await editorContext.newPage();
  await chooseSetupPassword(editor, setupUrl.pathname + setupUrl.search);
  await editor.getByRole('button', { name: 'Go to sign-in' }).click();
  await signIn(editor, username);
  await expect(editor.getByTestId('operator')).toContainText('Content editor');
  await expect(editor.getByRole('menuitem', { name: 'API tokens' })).toBeVisible();
  await expect(editor.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await editor.goto('/console/operators');
  await expect(editor.getByText('Your role may not open this page.')).toBeVisible();
  await editorContext.close();

  // The owner reads both in the audit log, filtered in the address, which a reload keeps.
  await page.goto(`/console/audit?action=operator.setup`);
  await page.reload();
  await expect(page.locator('.audit-action-filter')).toContainText('Operator set up');
  await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();
});

test('an operator makes an API token with their own role, sees it once, and revokes it', async ({ page, request }) => {
  const editor = await newOperator(request, 'content');
  await chooseSetupPassword(page, editor.setupPath);
  await page.goto('/console/tokens');
  await signIn(page, editor.username);
  await expect(page.getByText('Nothing here yet')).toBeVisible();

  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('nightly export');
  // A content editor may hand a token their own role only.
  await dialog.getByLabel('Role').click();
  await expect(page.locator('.ant-select-item-option')).toHaveText(['Content editor']);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const token = (await page.getByTestId('issued-token').innerText()).trim();
  expect(token).toMatch(/^opk_/);
  // The token works as a bearer token for the console's calls.
  const me = await request.get('/api/v1/console/tokens', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  await page.getByRole('button', { name: 'Close' }).first().click();

  const row = page.getByRole('row', { name: /nightly export/ });
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText(token.slice(12));
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await request.get('/api/v1/console/tokens', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});

test('a session that ends while the console is open leads to sign-in and back to the page', async ({ page, request, context }) => {
  const agent = await newOperator(request, 'support');
  await chooseSetupPassword(page, agent.setupPath);
  await page.goto('/console/account');
  await signIn(page, agent.username);
  await expect(page.getByTestId('operator')).toContainText(agent.username);

  await context.clearCookies();
  await page.getByRole('menuitem', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Ftokens$/);
  await signIn(page, agent.username);
  await expect(page).toHaveURL(/\/console\/tokens$/);
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
});
