import { API_BASE, STORAGE_KEYS, apiPaths } from '@drama/contracts';
import { createAccount, latestCode, signInAs, stored } from './accounts';
import { expect, test } from './fixtures';
import { grantVip } from './operator-acts';

test.use({ locale: 'en-US', allowedConsoleErrors: [/status of 4\d\d/] });

test('change the password: the old one stops working, this device stays signed in', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/settings/change-password');

  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Change password' });

  await current.fill(account.password);
  await next.fill(account.password);
  await confirm.fill(account.password);
  await submit.click();
  await expect(page.getByText('The new password must differ from the current one')).toBeVisible();

  await next.fill('abc');
  await expect(page.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
  await expect(page.getByText('Combine letters, digits and special characters')).toBeVisible();
  await next.fill('Newer-pass-2025');
  await expect(page.getByTestId('strength-meter')).toHaveAttribute('data-level', 'veryStrong');
  await confirm.fill('Newer-pass-2025');
  await current.fill('wrong-current');
  await submit.click();
  await expect(page.getByText('The current password is incorrect (4 attempts remaining)')).toBeVisible();

  await current.fill(account.password);
  await submit.click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(page).toHaveURL('/settings');
  const newToken = await stored(page, STORAGE_KEYS.token);
  expect(newToken).toBeTruthy();
  expect(newToken).not.toBe(account.token);

  // The old token died with the old password; the old password no longer signs in.
  const me = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: { Authorization: `Bearer ${account.token}` } });
  expect(me.status()).toBe(401);
  const oldSignIn = await request.post(`${API_BASE}${apiPaths.signIn()}`, {
    data: { account: account.username, password: account.password },
  });
  expect(oldSignIn.status()).toBe(401);

  // This device carries on with the fresh token.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText(account.username);
  await expect(page).toHaveURL('/profile');
});

test('an invalidated token on a member page sends the user to sign in and back', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  const changed = await request.post(`${API_BASE}${apiPaths.changePassword()}`, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { currentPassword: account.password, newPassword: 'Rotated-pass-9' },
  });
  expect(changed.ok()).toBe(true);

  await page.goto('/profile');
  await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fprofile');
  expect(await stored(page, STORAGE_KEYS.token)).toBeNull();
  expect(await stored(page, STORAGE_KEYS.userInfo)).toBeNull();

  await page.getByLabel('Account').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('Rotated-pass-9');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/profile');
});

test('bind an email with the code from the outbox', async ({ page, request }) => {
  const account = await createAccount(request, { withEmail: false });
  const email = `${account.username.toLowerCase()}.new@example.com`;
  await signInAs(page, account);
  await page.goto('/settings');
  const row = page.getByTestId('row-bind-email');
  await expect(row).toContainText('Not linked');
  await row.click();
  await expect(page).toHaveURL('/settings/bind-email');

  await page.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByText('Enter your email', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByTestId('send-code').click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toHaveText(/^Resend in \d+s$/);
  await expect(page.getByTestId('code-allowance')).toHaveText('Codes left today: 9');
  const code = await latestCode(request, email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Link' }).click();

  await expect(page.getByTestId('toast-success').filter({ hasText: 'Email linked' })).toBeVisible();
  await expect(page).toHaveURL('/settings');
  const masked = `${account.username.slice(0, 2).toLowerCase()}***@example.com`;
  await expect(row).toContainText(masked);
  expect(JSON.parse((await stored(page, STORAGE_KEYS.userInfo)) ?? '{}')).toMatchObject({ email });
});

test('bind a phone with the code from the outbox; a wrong code is refused', async ({ page, request }) => {
  const account = await createAccount(request);
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await signInAs(page, account);
  await page.goto('/settings/bind-phone');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByTestId('send-code').click();
  await expect(page.getByText('Enter a valid mobile number')).toBeVisible();

  await page.getByLabel('Phone number').fill(phone);
  await page.getByTestId('send-code').click();
  const code = await latestCode(request, phone);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByText(/^Invalid verification code/)).toBeVisible();

  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Link' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByTestId('row-bind-phone')).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

  // Signing in by the new phone works.
  const byPhone = await request.post(`${API_BASE}${apiPaths.signIn()}`, {
    data: { account: phone, password: account.password },
  });
  expect(byPhone.ok()).toBe(true);
});

test('the profile shows the VIP card, points and entries', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText(account.username);
  const card = page.getByTestId('vip-card');
  await expect(card).toHaveAttribute('data-vip', 'inactive');
  await expect(card).toContainText('Become a VIP');
  await expect(card).toHaveAttribute('href', '/membership');
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await expect(page.getByTestId('points-card')).toHaveAttribute('href', '/points');
  for (const [name, href] of [
    ['History', '/history'],
    ['My list', '/favorites'],
    ['Orders', '/orders'],
    ['Redeem', '/redeem'],
    ['Points and rewards', '/points'],
    ['Feedback', '/feedback'],
  ] as const) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'About us', exact: true })).toHaveAttribute('href', '/about');
  await page.getByRole('link', { name: 'Customer service', exact: true }).click();
  await expect(page.getByTestId('support-hours')).toHaveText('Monday to Sunday, 9:00-22:00');
  await page.goBack();

  // An operator grants VIP: the profile call refreshes the kept user info.
  await grantVip(request, account.user.id, 30);
  await page.reload();
  await expect(card).toHaveAttribute('data-vip', 'active');
  await expect(page.getByTestId('vip-status')).toContainText('Valid until');
  await expect
    .poll(async () => JSON.parse((await stored(page, STORAGE_KEYS.userInfo)) ?? '{}').vipLevel)
    .toBe(1);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the VIP expiry is written the Chinese way', async ({ page, request }) => {
    const account = await createAccount(request);
    await grantVip(request, account.user.id, 30);
    await signInAs(page, account);
    await page.goto('/profile');
    await expect(page.getByTestId('vip-status')).toHaveText(/^有效期至\d{4}\/\d{2}\/\d{2}$/);
  });
});

test('user settings switches are kept under user_settings', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/settings');
  const history = page.getByTestId('setting-privacy-history');
  await expect(history).toHaveAttribute('aria-checked', 'true');
  expect(await stored(page, STORAGE_KEYS.userSettings)).toBeNull();

  await history.click();
  await expect(history).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('setting-notifications-messages').click();
  expect(JSON.parse((await stored(page, STORAGE_KEYS.userSettings)) ?? 'null')).toEqual({
    notifications: { updates: true, messages: false },
    privacy: { history: false, recommendations: true },
  });
  await page.reload();
  await expect(history).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('setting-notifications-updates')).toHaveAttribute('aria-checked', 'true');
});

test('clear cache drops the kept system settings and fetches them again', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/settings');
  await expect.poll(() => stored(page, STORAGE_KEYS.systemSettings)).not.toBeNull();
  const refetch = page.waitForRequest((req) => req.url().endsWith(`${API_BASE}${apiPaths.settings()}`));
  await page.getByTestId('clear-cache').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Cache cleared' })).toBeVisible();
  await refetch;
  // The session is not a cache.
  expect(await stored(page, STORAGE_KEYS.token)).toBe(account.token);
});

test('sign out asks first, and cancelling keeps the session', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/settings');
  await page.getByTestId('sign-out').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await stored(page, STORAGE_KEYS.token)).toBe(account.token);
  await expect(page).toHaveURL('/settings');
});
