import { API_BASE, apiPaths, dramaListResponseSchema } from '@drama/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dramaDetail, expectPlaying, openAs } from './player-support';

/*
 * The Content-Security-Policy the server sends must not break the app: no page may trigger a
 * violation (a `securitypolicyviolation` event or the browser's "Content Security Policy"
 * console message), and the inline scripts the policy allows by hash must really run.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
    /** The bodies of every `new Function(...)` the page attempted. */
    __functionBodies?: string[];
  }
}

async function watchViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    window.__functionBodies = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
    window.Function = new Proxy(Function, {
      construct(target, args: unknown[]) {
        window.__functionBodies?.push(String(args.at(-1) ?? ''));
        return Reflect.construct(target, args) as object;
      },
    });
  });
  return problems;
}

/**
 * Every refused script, and every `new Function` the page attempted. Zod is told not to compile
 * parsers (main.tsx), so not even its empty probe may appear: Firefox reports that as a page error.
 */
async function violations(page: Page, problems: string[]): Promise<string[]> {
  const { reported, bodies } = await page.evaluate(() => ({
    reported: window.__cspViolations ?? [],
    bodies: window.__functionBodies ?? [],
  }));
  return [...problems, ...reported, ...bodies.map((body) => `new Function with code: ${body.slice(0, 80) || '(empty probe)'}`)];
}

test('the pages send a CSP without unsafe-inline scripts, with frame-ancestors none and nosniff', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  // Plain http: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
});

test('home, explore, the player and membership run without a single CSP violation', async ({ page, request }) => {
  test.setTimeout(90_000);
  const problems = await watchViolations(page);
  const list = dramaListResponseSchema.parse(await (await request.get(`${API_BASE}${apiPaths.dramas()}?limit=1`)).json()).data;
  const first = list.items[0];
  if (!first) throw new Error('expected a drama');

  await openAs(page);
  await page.goto('/');
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/explore');
  await expect(page.locator('video').first()).toBeAttached();
  await page.waitForLoadState('networkidle');

  const drama = await dramaDetail(request, first.id);
  await page.goto(`/player/${first.id}`);
  await expectPlaying(page, drama.episodes[0]?.id ?? 0);

  await page.goto('/membership');
  await page.waitForLoadState('networkidle');

  expect(await violations(page, problems)).toEqual([]);
});

test('the theme script allowed by its hash runs before the app: dark is on <html> at once', async ({ page }) => {
  const problems = await watchViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  expect(await violations(page, problems)).toEqual([]);
});

test('the offline page’s inline script runs under the same policy', async ({ page }) => {
  const problems = await watchViolations(page);
  await page.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/offline.html');
  await expect(page.locator('#retry')).toHaveText('重试');
  expect(await violations(page, problems)).toEqual([]);
});

test('the API documentation still works', async ({ page }) => {
  // Swagger UI is a large bundle: slow to start on a busy machine.
  test.setTimeout(90_000);
  const problems = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 60_000 });
  expect(await violations(page, problems)).toEqual([]);
});
