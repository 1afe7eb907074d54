import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, signInAs } from './accounts';
import { expect, openPreferences, test } from './fixtures';

const html = (page: Page) => page.locator('html');
const stored = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

test.describe('theme', () => {
  test.use({ locale: 'en-US', colorScheme: 'light' });

  test('a choice applies the dark class and survives a reload', async ({ page }) => {
    await page.goto('/');
    // Nothing stored: the system preference (light here) decides.
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await stored(page, STORAGE_KEYS.theme)).toBeNull();

    await openPreferences(page);
    await page.locator('label', { has: page.getByTestId('theme-dark') }).click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await stored(page, STORAGE_KEYS.theme)).toBe('dark');

    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);

    await openPreferences(page);
    await page.locator('label', { has: page.getByTestId('theme-light') }).click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await stored(page, STORAGE_KEYS.theme)).toBe('light');
    await page.reload();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test('"system" follows the system preference as it changes', async ({ page }) => {
    await page.goto('/');
    await openPreferences(page);
    await page.locator('label', { has: page.getByTestId('theme-dark') }).click();
    await page.locator('label', { has: page.getByTestId('theme-auto') }).click();
    expect(await stored(page, STORAGE_KEYS.theme)).toBe('auto');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });

  test('the settings page offers the same switch to members', async ({ page, request }) => {
    await signInAs(page, await createAccount(request));
    await page.goto('/settings');
    await page.locator('label', { has: page.getByTestId('theme-dark') }).click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });
});

test.describe('language', () => {
  test.use({ locale: 'zh-CN' });

  test('a switch changes the interface and survives a reload', async ({ page }) => {
    // Only the visitor's dictionary is downloaded, once; another arrives when asked for.
    const dictionaries: string[] = [];
    page.on('request', (request) => {
      const match = /\/assets\/(en-US|zh-CN|zh-Hant)-[\w-]+\.json$/.exec(new URL(request.url()).pathname);
      if (match) dictionaries.push(match[1]!);
    });
    await page.goto('/');
    const homeTab = page.getByTestId('tab-home');
    await expect(homeTab).toHaveText('首页');
    await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
    expect(dictionaries).toEqual(['zh-CN']);

    await openPreferences(page);
    await page.locator('label', { has: page.getByTestId('language-en-US') }).click();
    await expect(homeTab).toHaveText('Home');
    expect(dictionaries).toEqual(['zh-CN', 'en-US']);
    await expect(html(page)).toHaveAttribute('lang', 'en-US');
    expect(await stored(page, STORAGE_KEYS.language)).toBe('en-US');

    await page.reload();
    await expect(homeTab).toHaveText('Home');

    await openPreferences(page);
    await page.locator('label', { has: page.getByTestId('language-zh-Hant') }).click();
    await expect(homeTab).toHaveText('首頁');
    await expect(html(page)).toHaveAttribute('lang', 'zh-Hant');
  });

  test('the language settings page switches too', async ({ page, request }) => {
    // A real member: a signed-in start asks the server for the member's switches.
    await signInAs(page, await createAccount(request));
    await page.goto('/settings/language');
    await page.locator('label', { has: page.getByTestId('language-en-US') }).click();
    await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
    expect(await stored(page, STORAGE_KEYS.language)).toBe('en-US');
  });
});
