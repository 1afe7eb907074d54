import type { APIRequestContext, Page } from '@playwright/test';
import { API_BASE, STORAGE_KEYS, apiPaths } from '@drama/contracts';
import { createAccount, stored, uniqueUsername } from './accounts';
import { expect, test } from './fixtures';

// Refusals that ask for the check (428) and wrong passwords (401) are logged by the browser.
test.use({ locale: 'en-US', allowedConsoleErrors: [/status of 4\d\d/] });

/**
 * A network of its own for each test: the server trusts X-Forwarded-For from loopback, so the
 * page and the test's own calls come from this address, which the abuse limits count.
 */
function networkAddress(): string {
  // A /64 of the documentation range (IPv6 is counted by /64): no two tests share one.
  const group = () => Math.floor(Math.random() * 0xffff).toString(16);
  return `2001:db8:${group()}:${group()}::1`;
}

async function fromNetwork(page: Page, address: string): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
}

/** Sign-up calls the page sends, and whether each carried a solved challenge. */
function recordCalls(page: Page, path: string): Array<{ challenge: boolean }> {
  const calls: Array<{ challenge: boolean }> = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(path)) return;
    const body = request.postDataJSON() as { challenge?: string } | null;
    calls.push({ challenge: typeof body?.challenge === 'string' && body.challenge.length > 0 });
  });
  return calls;
}

/**
 * Notes whether the check's sheet was ever shown: it may come and go within a second, between
 * two polls of an assertion, when the phone solves the challenge quickly.
 */
async function watchForSheet(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = () => document.querySelector('[data-testid="challenge-widget"]') !== null;
    const flag = window as unknown as { __sheetShown?: boolean };
    flag.__sheetShown = seen();
    new MutationObserver(() => {
      if (seen()) flag.__sheetShown = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __sheetShown?: boolean }).__sheetShown === true);
}

async function wrongPasswords(request: APIRequestContext, address: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await request.post(`${API_BASE}${apiPaths.signIn()}`, {
      headers: { 'x-forwarded-for': address },
      data: { account: `stranger_${i}_${Date.now() % 100_000}`, password: 'guess-guess' },
    });
    expect(response.status()).toBe(401);
  }
}

test('sign-up from a busy network passes the quick check and lands where it was going', async ({ page, request }) => {
  const address = networkAddress();
  // Three accounts already made from this network this hour: the next one is asked for the check.
  for (let i = 0; i < 3; i += 1) {
    const response = await request.post(`${API_BASE}${apiPaths.signUp()}`, {
      headers: { 'x-forwarded-for': address },
      data: { username: uniqueUsername(), password: 'Drama-2024!' },
    });
    expect(response.ok()).toBe(true);
  }
  await fromNetwork(page, address);
  const calls = recordCalls(page, apiPaths.signUp());
  const username = uniqueUsername();

  await page.goto(`/auth/sign-up?redirect=${encodeURIComponent('/points/tasks')}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Drama-2024!');
  await page.getByLabel('Confirm password').fill('Drama-2024!');
  await page.getByTestId('agreement').check();
  const sheetShown = await watchForSheet(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  // The phone solves the check by itself and the sign-up goes on, to the page it was going to.
  await expect(page).toHaveURL('/points/tasks', { timeout: 30_000 });
  expect(await sheetShown()).toBe(true);
  await expect(page.getByRole('dialog', { name: 'A quick check' })).toHaveCount(0);
  expect(calls).toEqual([{ challenge: false }, { challenge: true }]);
  expect(JSON.parse((await stored(page, STORAGE_KEYS.userInfo)) ?? '{}')).toMatchObject({ username });
});

test('after many wrong passwords on its network, a member signs in through the check', async ({ page, request }) => {
  const account = await createAccount(request);
  const address = networkAddress();
  await wrongPasswords(request, address, 20);
  await fromNetwork(page, address);
  const calls = recordCalls(page, apiPaths.signIn());

  await page.goto('/auth/sign-in');
  await page.getByLabel('Account').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const sheetShown = await watchForSheet(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/', { timeout: 30_000 });
  expect(await sheetShown()).toBe(true);
  expect(await stored(page, STORAGE_KEYS.token)).toBeTruthy();
  expect(calls).toEqual([{ challenge: false }, { challenge: true }]);
});

test('closing the check leaves the form as it was, saying what is needed', async ({ page, request }) => {
  const account = await createAccount(request);
  const address = networkAddress();
  await wrongPasswords(request, address, 20);
  await fromNetwork(page, address);

  await page.goto('/auth/sign-in');
  await page.getByLabel('Account').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  // The widget is held back so the sheet stays up long enough to be closed.
  await page.route('**/client/auth/challenge', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'A quick check' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('form-error')).toHaveText('Please complete the quick check, then try again');
  await expect(page).toHaveURL('/auth/sign-in');
  expect(await stored(page, STORAGE_KEYS.token)).toBeNull();
  await expect(page.getByLabel('Account')).toHaveValue(account.username);
});
