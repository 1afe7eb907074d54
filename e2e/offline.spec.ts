import { API_BASE, STORAGE_KEYS, apiPaths } from '@drama/contracts';
import type { Page } from '@playwright/test';
import { createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';
import { paintedPng } from './images';

// Offline, the page's own calls fail and the browser logs each one; that is the point here.
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/] });

/** Waits until the worker is active, then reloads so that it controls the page. */
async function underWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the app shell loads offline after a first visit, on any route', async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await expect(page.getByTestId('search-entry')).toBeVisible();
  await underWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('search-entry')).toBeVisible();
  await expect(page.getByTestId('offline-page')).toHaveCount(0);

  // Never visited: the cached shell and the precached page code still make the app.
  await page.goto('/about');
  await expect(page.getByTestId('about-page')).toBeVisible();
  await expect(page.getByTestId('about-version')).toBeVisible();
  await context.setOffline(false);
});

test('the worker caches the shell and covers, never the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('search-entry')).toBeVisible();
  await underWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(`${name} ${new URL(request.url).pathname}`);
    }
    return urls;
  });
  expect(cached.some((entry) => /drama-shell-\w+ \/index\.html$/.test(entry))).toBe(true);
  expect(cached.some((entry) => /drama-shell-\w+ \/offline\.html$/.test(entry))).toBe(true);
  expect(cached.some((entry) => /drama-shell-\w+ \/assets\/.+\.js$/.test(entry))).toBe(true);
  expect(cached.filter((entry) => / \/api\//.test(entry))).toEqual([]);
  expect(cached.filter((entry) => / \/media\/(?!covers\/|avatars\/)/.test(entry))).toEqual([]);
});

test('offline, the profile shows the nickname and the avatar the member chose', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request);
  const auth = { Authorization: `Bearer ${account.token}` };
  const named = await request.patch(`${API_BASE}${apiPaths.me()}`, { headers: auth, data: { nickname: 'Night Owl' } });
  expect(named.ok(), await named.text()).toBe(true);
  const picture = await paintedPng(300, 300, (x) => (x < 150 ? [230, 40, 90] : [30, 140, 220]));
  const uploaded = await request.post(`${API_BASE}${apiPaths.avatar()}`, {
    headers: auth,
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  await signInAs(page, account, { [STORAGE_KEYS.language]: 'en-US' });
  await page.goto('/profile');
  await underWorker(page);
  await expect(page.getByTestId('profile-username')).toHaveText('Night Owl');
  const avatar = page.getByTestId('profile-avatar-image');
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.getByTestId('profile-username')).toHaveText('Night Owl');
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await context.setOffline(false);
});

test('clear cache: the worker answers, and settings shows its toast', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createAccount(request);
  await signInAs(page, account, { [STORAGE_KEYS.language]: 'en-US' });
  await page.goto('/settings');
  await underWorker(page);

  const reply = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller?.postMessage({ type: 'CLEAR_CACHES' }, [channel.port2]);
      }),
  );
  expect(reply).toMatchObject({ type: 'CACHES_CLEARED', message: 'caches cleared' });
  expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);

  await page.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByText('Cache cleared')).toBeVisible();
});

test('a page the worker never cached shows the offline page', async ({ page, context }) => {
  await page.goto('/');
  await underWorker(page);
  // As after the browser evicted the shell: only the offline page is left to fall back to.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!request.url.endsWith('/offline.html')) await cache.delete(request);
      }
    }
  });
  await context.setOffline(true);
  await page.goto('/category');
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('without a dictionary', () => {
  // The app logs why it gave up before it leaves for the offline page.
  test.use({ allowedConsoleErrors: [/the dictionary could not be loaded|Failed to load resource/] });

  test('a dictionary that cannot be loaded leads to the offline page, whose retry comes back', async ({ page }) => {
    let failing = true;
    await page.route(/\/assets\/[\w-]+\.json$/, (route) => (failing ? route.abort() : route.continue()));
    await page.goto('/about?x=1');
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.locator('#retry')).toHaveText('Try again');

    failing = false;
    await page.locator('#retry').click();
    await expect(page).toHaveURL('/about?x=1');
    await expect(page.getByTestId('about-page')).toBeVisible();
  });
});
