import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, stored, type TestAccount } from './accounts';
import { expect, test } from './fixtures';

test.use({ locale: 'en-US' });

/**
 * Spellings of `?redirect=` that look like a path on this site but resolve or decode to
 * `//evil.example`, which a browser reads as another site. After signing in, each must land on
 * home, on this origin.
 */
const EVIL_TARGETS = [
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/%2e//evil.example',
  '/./%2F%2Fevil.example',
  '/..//evil.example',
  '/%5c%5cevil.example',
  '/%2f%2fevil.example',
  '/%252f%252fevil.example',
  '/\t/evil.example',
  '/%0a/evil.example',
  '/／／evil.example',
];

async function signInWithForm(page: Page, account: TestAccount): Promise<void> {
  await page.getByLabel('Account').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Every address the page's main frame shows, to prove it never left the site even for a moment. */
function recordNavigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  page.on('request', (request) => seen.push(request.url()));
  return seen;
}

test('a redirect that resolves or decodes to another site lands on home after signing in', async ({ page, request, baseURL }) => {
  test.slow();
  const origin = new URL(baseURL ?? '').origin;
  // One account, signed in afresh for each spelling: right passwords do not count towards any limit.
  const account = await createAccount(request);
  const seen = recordNavigations(page);
  for (const target of EVIL_TARGETS) {
    await test.step(JSON.stringify(target), async () => {
      await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(target)}`);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await signInWithForm(page, account);
      await expect(page).toHaveURL('/');
      expect(new URL(page.url()).origin).toBe(origin);
      expect(await stored(page, STORAGE_KEYS.token)).not.toBeNull();
      await page.evaluate(() => localStorage.clear());
    });
  }
  expect(seen.filter((url) => /^(https?|wss?):/i.test(url) && new URL(url).origin !== origin)).toEqual([]);
});

test('a redirect to a page of this site lands there after signing in', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent('/profile')}`);
  await signInWithForm(page, account);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText(account.username).first()).toBeVisible();
});
