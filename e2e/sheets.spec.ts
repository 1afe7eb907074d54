import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dramaDetail, expectPlaying, openAs, pauseActiveVideo } from './player-support';

/** One animation frame of the page: touch moves paced by frames have a finger's speed. */
function nextFrame(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/**
 * A real finger (Chromium's touch input, not a mouse): down on `from`, `dy` pixels down over
 * `frames` animation frames, and up.
 */
async function touchDrag(page: Page, cdp: CDPSession, from: { x: number; y: number }, dy: number, frames: number): Promise<void> {
  const point = (y: number) => [{ x: from.x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.y) });
  for (let step = 1; step <= frames; step += 1) {
    await nextFrame(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(from.y + (dy * step) / frames) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function handleOf(sheet: Locator): Promise<{ x: number; y: number }> {
  const box = (await sheet.getByTestId('sheet-handle').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function top(sheet: Locator): Promise<number> {
  return (await sheet.boundingBox())!.y;
}

test('a sheet dragged down by its handle closes; a small drag springs back', async ({ page }) => {
  await openAs(page);
  await page.goto('/');
  await page.getByTestId('preferences-button').tap();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  // Wait for the sheet to finish rising: its top stops moving.
  let resting = -1;
  await expect.poll(async () => {
    const now = await top(sheet);
    const settled = Math.abs(now - resting) < 0.5;
    resting = now;
    return settled;
  }).toBe(true);
  const cdp = await page.context().newCDPSession(page);

  // A short, slow pull is not a close: the sheet returns to where it rested.
  await touchDrag(page, cdp, await handleOf(sheet), 40, 20);
  await expect(sheet).toBeVisible();
  await expect.poll(async () => Math.abs((await top(sheet)) - resting)).toBeLessThan(1);

  // A long pull closes it, as Escape or the close button would.
  await touchDrag(page, cdp, await handleOf(sheet), 320, 12);
  await expect(sheet).toHaveCount(0);
});

test("the player's episode drawer closes when dragged down", async ({ page, request }) => {
  const drama = await dramaDetail(request, 1);
  await openAs(page);
  await page.goto('/player/1');
  await expectPlaying(page, drama.episodes[0]!.id);
  // Opened by a tap, as on a phone: no mouse pointer is left resting where the drawer rises.
  await pauseActiveVideo(page);
  await page.getByTestId('action-episodes').tap();
  const drawer = page.getByTestId('episode-drawer');
  await expect(drawer).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await expect(async () => {
    const before = await top(drawer);
    await nextFrame(page);
    expect(Math.abs((await top(drawer)) - before)).toBeLessThan(0.5);
  }).toPass();
  await touchDrag(page, cdp, await handleOf(drawer), 360, 12);
  await expect(drawer).toHaveCount(0);
  // The drawer's own close is not a swipe to another episode.
  await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(drama.episodes[0]!.id));
});
