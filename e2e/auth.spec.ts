import type { Page } from '@playwright/test';
import { STORAGE_KEYS, apiPaths } from '@drama/contracts';
import { createAccount, latestCode, stored, uniqueUsername } from './accounts';
import { expect, recordToasts, test } from './fixtures';
import { disableMember } from './operator-acts';

// Wrong passwords, taken names and refused codes are answered with 4xx, which the browser logs.
test.use({ locale: 'en-US', allowedConsoleErrors: [/status of 4\d\d/] });

async function signInWithForm(page: Page, account: string, password: string): Promise<void> {
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** `toasts` from recordToasts: a 2 s toast can come and go between two polls of a loaded machine. */
async function signOutFromSettings(page: Page, toasts: () => Promise<string[]>): Promise<void> {
  await page.goto('/settings');
  await page.getByTestId('sign-out').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Sign out?');
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(toasts).toContain('success: Signed out');
  await expect(page).toHaveURL('/');
  expect(await stored(page, STORAGE_KEYS.token)).toBeNull();
  expect(await stored(page, STORAGE_KEYS.userInfo)).toBeNull();
}

test('sign up lands on the redirect page; then sign out, sign in by username and by email', async ({ page }) => {
  test.slow();
  const username = uniqueUsername();
  const email = `${username.toLowerCase()}@example.com`;
  const password = 'Drama-2024!';
  const toasts = await recordToasts(page);

  await page.goto(`/auth/sign-up?redirect=${encodeURIComponent('/points/tasks?x=1')}`);
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByTestId('strength-meter')).toHaveAttribute('data-level', 'veryStrong');
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByTestId('agreement').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // The toast shows while the next page still loads and lasts 2 s.
  await expect.poll(toasts).toContain(`success: Welcome, ${username}`);
  await expect(page).toHaveURL('/points/tasks?x=1');
  expect(await stored(page, STORAGE_KEYS.token)).toBeTruthy();
  expect(JSON.parse((await stored(page, STORAGE_KEYS.userInfo)) ?? '{}')).toMatchObject({ username, email });

  await signOutFromSettings(page, toasts);

  await page.goto('/auth/sign-in');
  await signInWithForm(page, username, password);
  await expect(page).toHaveURL('/');
  expect(JSON.parse((await stored(page, STORAGE_KEYS.userInfo)) ?? '{}')).toMatchObject({ username });

  await signOutFromSettings(page, toasts);

  await page.goto('/auth/sign-in');
  await signInWithForm(page, email.toUpperCase(), password);
  await expect(page).toHaveURL('/');
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-username')).toHaveText(username);
});

test('a guest sent from a protected page comes back to it after signing in', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/points/tasks?x=1');
  await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fpoints%2Ftasks%3Fx%3D1');
  await signInWithForm(page, account.username, account.password);
  await expect(page).toHaveURL('/points/tasks?x=1');
});

test('the redirect never leaves the site', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await signInWithForm(page, account.username, account.password);
  await expect(page).toHaveURL('/');
});

test('a signed-in user opening the guest pages lands on home', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.username, account.password);
  await expect(page).toHaveURL('/');
  for (const path of ['/auth/sign-in', '/auth/sign-up', '/auth/reset-password', '/auth/verification', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
  }
});

test('a wrong password says how many attempts remain, then the lock says how long to wait', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.username, 'not-the-password');
  const alert = page.getByTestId('form-error');
  await expect(alert).toHaveText('Invalid username or password (4 attempts remaining)');
  expect(await stored(page, STORAGE_KEYS.token)).toBeNull();

  for (const left of [3, 2, 1]) {
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(alert).toHaveText(`Invalid username or password (${left} ${left === 1 ? 'attempt' : 'attempts'} remaining)`);
  }
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(alert).toHaveText('Please wait 15 minutes before trying again');
});

test('a disabled account gets its own error state', async ({ page, request }) => {
  const account = await createAccount(request);
  await disableMember(request, account.user.id);
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.username, account.password);
  const state = page.getByTestId('account-disabled');
  await expect(state).toBeVisible();
  await expect(state).toContainText('This account has been disabled');
  await state.getByRole('button', { name: 'Use another account' }).click();
  await expect(page.getByLabel('Account')).toHaveValue('');
});

test('sign-up checks its fields before sending, and shows a taken username on the field', async ({
  page,
  request,
}) => {
  const taken = await createAccount(request);
  let calls = 0;
  page.on('request', (req) => {
    if (req.url().includes(apiPaths.signUp())) calls += 1;
  });
  await page.goto('/auth/sign-up');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('54321');
  await page.getByLabel(/^Email/).fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use 4-20 characters')).toBeVisible();
  await expect(page.getByText('Use at least 6 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please agree to the User Agreement and Privacy Policy')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();

  await page.getByLabel('Username').fill('bad name!');
  await expect(page.getByText('Use letters, digits and underscores only')).toBeVisible();
  expect(calls).toBe(0);

  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Password', { exact: true }).fill('another-pass1');
  await page.getByLabel('Confirm password').fill('another-pass1');
  await page.getByLabel(/^Email/).fill('');
  await page.getByTestId('agreement').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This username is already taken')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toBe(1);
  await expect(page).toHaveURL('/auth/sign-up');
});

test('reset the password with the emailed code', async ({ page, request }) => {
  const account = await createAccount(request);
  const toasts = await recordToasts(page);
  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/auth/reset-password');

  // An address no account uses is answered as a registered one: nobody learns who is a member.
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(toasts).toContain('success: If nobody-here@example.com belongs to an account, a code is on its way');
  await expect(page).toHaveURL('/auth/verification');
  await page.getByRole('link', { name: 'Change', exact: true }).click();
  await expect(page).toHaveURL('/auth/reset-password');

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL('/auth/verification');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const resend = page.getByTestId('send-code');
  // The countdown starts at 60 s; a slow machine may take some seconds to show it.
  await expect(resend).toHaveText(/^Resend in ([3-5]\d|60)s$/);
  await expect(resend).toBeDisabled();
  await expect(page.getByTestId('code-allowance')).toHaveText('Codes left today: 9');

  const code = await latestCode(request, account.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrong);
  await page.getByLabel('New password', { exact: true }).fill('Fresh-pass-77');
  await page.getByLabel('Confirm new password').fill('Fresh-pass-77');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/^Invalid verification code/)).toBeVisible();

  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect.poll(toasts).toContain('success: Password reset. Sign in with the new one.');
  await expect(page).toHaveURL('/auth/sign-in');

  await signInWithForm(page, account.username, account.password);
  await expect(page.getByTestId('form-error')).toContainText('Invalid username or password');
  await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-77');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('the verification page works on its own, asking for the email', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/auth/verification');
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByTestId('send-code').click();
  await expect(page.getByText('Enter your email', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toHaveText(/^Resend in \d+s$/);
  const code = await latestCode(request, account.email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('Other-pass-88');
  await page.getByLabel('Confirm new password').fill('Other-pass-88');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/auth/sign-in');
});
