import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { activeVideo, drag, holdEpisodeMedia, openAs, openAtFirstEpisode, pauseActiveVideo } from './player-support';

/*
 * A computer with a mouse and a keyboard (1280x800, no touch): the wheel and the keys change
 * episode in the player and move the explore feed, one step per turn of the wheel however many
 * events a trackpad's flick sends, and the first-visit hint speaks of the wheel, not a swipe.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const DRAMA = 1;

/**
 * A trackpad flick at `at`: 60 wheel events a frame apart (16 ms), fading from 60 px to 1 px
 * over a second, as a trackpad's inertia sends them. They are dispatched in the page with the
 * times a trackpad gives them, ending now: sent one by one from here they would reach the page
 * as far apart as a busy machine lets them (Playwright's `mouse.wheel` even waits for each),
 * which no trackpad does. The single turns of the wheel in these tests are real input. The
 * wheel rests for longer than the flick first, so that its back-dated events start a gesture of
 * their own.
 */
async function trackpadFlick(page: Page, at: { x: number; y: number }, direction: 1 | -1): Promise<void> {
  // The flick's second, back-dated, must not reach into the wheel's last gesture.
  await page.waitForTimeout(60 * 16 + 500);
  await page.evaluate(
    ({ x, y, direction }) => {
      const target = document.elementFromPoint(x, y) ?? document.body;
      const count = 60;
      const start = performance.now() - count * 16;
      for (let index = 0; index < count; index += 1) {
        const event = new WheelEvent('wheel', { deltaY: direction * Math.max(1, 60 - index), clientX: x, clientY: y, bubbles: true, cancelable: true });
        Object.defineProperty(event, 'timeStamp', { value: start + index * 16 });
        target.dispatchEvent(event);
      }
    },
    { ...at, direction },
  );
}

/** Time for the wheel to count a new turn as a new gesture. */
const QUIET = (page: Page) => page.waitForTimeout(800);

async function overTheVideo(page: Page): Promise<{ x: number; y: number }> {
  const box = (await activeVideo(page).boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height * 0.3 };
  await page.mouse.move(at.x, at.y);
  return at;
}

test('player: the wheel and the keys change episode, one step per wheel gesture', async ({ page, request }) => {
  const [first, second, third] = await openAtFirstEpisode(page, request, DRAMA);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const at = await overTheVideo(page);

  await page.mouse.wheel(0, 120);
  await expect(player).toHaveAttribute('data-episode', String(second!.id));
  await QUIET(page);
  await page.mouse.wheel(0, -120);
  await expect(player).toHaveAttribute('data-episode', String(first!.id));
  await QUIET(page);

  // A flick with its inertia is one step, not one per event.
  await trackpadFlick(page, at, 1);
  await expect(player).toHaveAttribute('data-episode', String(second!.id));
  await QUIET(page);
  await expect(player).toHaveAttribute('data-episode', String(second!.id));
  await trackpadFlick(page, at, 1);
  await expect(player).toHaveAttribute('data-episode', String(third!.id));
  await QUIET(page);
  await expect(player).toHaveAttribute('data-episode', String(third!.id));

  for (const [key, episode] of [
    ['ArrowUp', second],
    ['ArrowUp', first],
    ['PageDown', second],
    ['ArrowDown', third],
    ['PageUp', second],
  ] as const) {
    await page.keyboard.press(key);
    await expect(player, `${key} goes to episode ${episode!.sequence}`).toHaveAttribute('data-episode', String(episode!.id));
  }
});

test('player: a mouse drag changes episode too; the progress bar shows the time under the mouse', async ({ page, request }) => {
  const [, second] = await openAtFirstEpisode(page, request, DRAMA);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const box = (await activeVideo(page).boundingBox())!;
  await drag(page, -160, { x: box.x + box.width / 2, y: box.y + box.height * 0.4 });
  await expect(player).toHaveAttribute('data-episode', String(second!.id));
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await pauseActiveVideo(page);

  const bar = (await page.getByTestId('progress-bar').boundingBox())!;
  await page.mouse.move(bar.x + bar.width * 0.6, bar.y + bar.height / 2);
  await expect(page.getByTestId('progress-tooltip')).toHaveText(/^\d\d:\d\d$/);
  // A click seeks there, and stays on the episode.
  const duration = await activeVideo(page).evaluate((video: HTMLVideoElement) => video.duration);
  await page.mouse.click(bar.x + bar.width * 0.6, bar.y + bar.height / 2);
  await expect.poll(() => activeVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(duration * 0.5);
  await expect(player).toHaveAttribute('data-episode', String(second!.id));
});

test('player: the first-visit hint tells a mouse user to scroll or press the arrow key', async ({ page }) => {
  // The hint leaves by itself 5 s into playback: held media keeps it up while it is read.
  const release = await holdEpisodeMedia(page);
  await openAs(page, { extra: { player_swipe_hint_seen: '0' } });
  await page.goto(`/player/${DRAMA}`);
  const hint = page.getByTestId('swipe-hint');
  await expect(hint).toContainText('Scroll or press ↓ for the next episode');
  await expect(hint).toContainText('Scroll back or press ↑ for the previous one');
  await expect(hint).not.toContainText(/swipe/i);
  release();
});

test('player: the hint in Chinese for a mouse user', async ({ page }) => {
  const release = await holdEpisodeMedia(page);
  await openAs(page, { locale: 'zh-CN', extra: { player_swipe_hint_seen: '0' } });
  await page.goto(`/player/${DRAMA}`);
  const hint = page.getByTestId('swipe-hint');
  await expect(hint).toContainText('滚动滚轮或按 ↓ 看下一集');
  await expect(hint).not.toContainText('上滑');
  release();
});

test('explore: the wheel moves the feed one drama per gesture, and the keys too', async ({ page }) => {
  await openAs(page);
  await page.goto('/explore');
  const feed = page.getByTestId('explore-feed');
  await expect(page.locator('[data-testid="explore-item"][data-active="true"]')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const box = (await feed.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height * 0.3 };
  await page.mouse.move(at.x, at.y);

  await trackpadFlick(page, at, 1);
  await expect(feed).toHaveAttribute('data-index', '1');
  await QUIET(page);
  await expect(feed).toHaveAttribute('data-index', '1');
  await page.mouse.wheel(0, 120);
  await expect(feed).toHaveAttribute('data-index', '2');
  await QUIET(page);
  await trackpadFlick(page, at, -1);
  await expect(feed).toHaveAttribute('data-index', '1');
  await QUIET(page);
  await page.keyboard.press('PageDown');
  await expect(feed).toHaveAttribute('data-index', '2');
  await page.keyboard.press('ArrowUp');
  await expect(feed).toHaveAttribute('data-index', '1');
});
