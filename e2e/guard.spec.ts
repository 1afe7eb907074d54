import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, signInAs } from './accounts';
import { expect, seedStorage, test } from './fixtures';

test.use({ locale: 'en-US' });

test('a guest on a protected route is sent to sign in with the full target path', async ({ page }) => {
  await page.goto('/points/tasks?x=1');
  await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fpoints%2Ftasks%3Fx%3D1');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

for (const path of ['/profile', '/settings/language', '/membership', '/orders/7', '/redeem', '/feedback']) {
  test(`${path} needs a session`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth/sign-in?redirect=${encodeURIComponent(path)}`);
  });
}

test('/login goes to /auth/sign-in', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL('/auth/sign-in');
});

test('a signed-in user skips the guest-only pages', async ({ page, request }) => {
  await signInAs(page, await createAccount(request));
  for (const path of ['/login', '/auth/sign-in', '/auth/sign-up', '/auth/verification', '/auth/reset-password']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
  }
  await page.goto('/points/tasks?x=1');
  await expect(page).toHaveURL('/points/tasks?x=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily tasks' })).toBeVisible();
});

test('stored user info of the wrong shape is discarded and removed', async ({ page }) => {
  await seedStorage(page, { [STORAGE_KEYS.token]: 'e2e-token', [STORAGE_KEYS.userInfo]: '{"id":"not-a-number"}' });
  await page.goto('/profile');
  await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fprofile');
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userInfo)).toBeNull();
});

test('a token without user info is not a session', async ({ page }) => {
  await seedStorage(page, { [STORAGE_KEYS.token]: 'e2e-token' });
  await page.goto('/settings');
  await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fsettings');
});
