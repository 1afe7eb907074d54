import path from 'node:path';
import type { Page } from '@playwright/test';
import { API_BASE, STORAGE_KEYS, apiPaths, sessionResponseSchema } from '@drama/contracts';
import { expect, seedStorage, test } from '../fixtures';
import { activeVideo } from '../player-support';

const IMAGES = path.resolve(import.meta.dirname, '../../docs/images');

/** JPEG keeps a phone-sized picture near 100 KB, which is what a README should weigh. */
const save = (page: Page, name: string) => page.screenshot({ path: path.join(IMAGES, `${name}.jpg`), type: 'jpeg', quality: 80 });

async function coversLoaded(page: Page, testId: string): Promise<void> {
  const cover = page.getByTestId(testId).locator('img').first();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

async function prepare(page: Page, theme: 'light' | 'dark', locale: 'zh-CN' | 'en-US', extra: Record<string, string> = {}): Promise<void> {
  await seedStorage(page, { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale, player_swipe_hint_seen: '1', ...extra });
}

test.describe('phone', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`home, ${theme}`, async ({ page }) => {
      await prepare(page, theme, 'en-US');
      await page.goto('/');
      await coversLoaded(page, 'hot-ranking');
      await expect(page.getByTestId('featured-slide').first()).toBeVisible();
      await save(page, `phone-home-${theme}`);
    });
  }

  test('player, dark', async ({ page }) => {
    await prepare(page, 'dark', 'en-US');
    await page.goto('/player/1');
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', /playing|paused/);
    // A moment of playback, so the picture shows a frame and its subtitle rather than a poster.
    await expect.poll(() => activeVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(1.2);
    await save(page, 'phone-player-dark');
  });

  test('explore, dark, zh-CN', async ({ page }) => {
    await prepare(page, 'dark', 'zh-CN');
    await page.goto('/explore');
    await expect(page.locator('[data-testid="explore-item"][data-active="true"]')).toBeVisible();
    await expect.poll(() => page.locator('[data-active="true"] video').first().evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(1.2);
    await save(page, 'phone-explore-dark');
  });

  test('membership, light', async ({ page, request }) => {
    // A member with a name a reader can take for a person (each run starts on an empty database).
    const answer = await request.post(`${API_BASE}${apiPaths.signUp()}`, { data: { username: 'lin_xiaoman', password: 'Starriver-2026!' } });
    const session = sessionResponseSchema.parse(await answer.json()).data;
    await prepare(page, 'light', 'en-US', { [STORAGE_KEYS.token]: session.token, [STORAGE_KEYS.userInfo]: JSON.stringify(session.user) });
    await page.goto('/membership');
    await expect(page.getByTestId('plan-price').first()).toBeVisible();
    await save(page, 'phone-membership-light');
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('home, light', async ({ page }) => {
    await prepare(page, 'light', 'en-US');
    await page.goto('/');
    await coversLoaded(page, 'hot-ranking');
    await expect(page.getByTestId('featured-slide').first()).toBeVisible();
    await save(page, 'desktop-home-light');
  });

  test('player, dark', async ({ page }) => {
    await prepare(page, 'dark', 'en-US');
    await page.goto('/player/1');
    await expect(page.getByTestId('episode-panel')).toBeVisible();
    await expect.poll(() => activeVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(1.2);
    await save(page, 'desktop-player-dark');
  });
});
