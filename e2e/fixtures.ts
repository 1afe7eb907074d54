import { test as base, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS, type UserInfo } from '@drama/contracts';

/**
 * Every test fails on a console.error or an uncaught page error: a screen that "works" while
 * logging errors is broken (STYLE.md, Epic Stack).
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  /** For tests that provoke a failure on purpose, e.g. the browser's log line for a 500. */
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, provide) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} (${message.location().url})`;
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await provide(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };

export const demoUser: UserInfo = {
  id: 1,
  username: 'e2e_viewer',
  avatar: null,
  email: null,
  points: 0,
  vipLevel: 0,
  vipExpireTime: null,
  status: 1,
};

/** Seeds local storage before the app starts, on the first document load only (not on reload). */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    const marker = '__e2e_seeded__';
    if (sessionStorage.getItem(marker)) return;
    sessionStorage.setItem(marker, '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * Keeps every toast the page shows, as `kind: text`, from the next navigation on. A toast stays
 * 2 s (LIMITS.toastMs): on a busy machine it can come and go between two checks of a test, or
 * while a click is still returning, but the page itself sees each one.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __toasts: seen });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('[data-testid^="toast-"]')) {
        const entry = `${toast.dataset.testid?.slice('toast-'.length)}: ${toast.textContent ?? ''}`;
        if (!seen.includes(entry)) seen.push(entry);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
}

export async function signInLocally(page: Page, user: UserInfo = demoUser): Promise<void> {
  await seedStorage(page, { [STORAGE_KEYS.token]: 'e2e-token', [STORAGE_KEYS.userInfo]: JSON.stringify(user) });
}

/** Opens the home header's display-and-language sheet. */
export async function openPreferences(page: Page): Promise<void> {
  await page.getByTestId('preferences-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/**
 * What marks zod's code in a built script: its schema classes are named by strings that
 * minifying keeps. (The word "zod" alone is also in the first page's zod setting, zod-jitless.ts.)
 */
export const ZOD_MARK = '$ZodType';

/**
 * Records the scripts the page loads from now on; the returned function lists those whose text
 * holds `needle` (e.g. ZOD_MARK).
 */
export function recordScriptsHolding(page: Page, needle: string): () => Promise<string[]> {
  const scripts: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const address = new URL(response.url()).pathname;
    scripts.push(
      response
        .text()
        .then((text) => (text.includes(needle) ? address : null))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(scripts)).filter((address): address is string => address !== null);
}
