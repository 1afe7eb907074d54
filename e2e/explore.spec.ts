import { API_BASE, STORAGE_KEYS, apiPaths, likeStatusResponseSchema } from '@drama/contracts';
import type { Locator, Page } from '@playwright/test';
import { stored } from './accounts';
import { expect, recordScriptsHolding, test, ZOD_MARK } from './fixtures';
import { dramaDetail, expectPlaying, openAs, signUp } from './player-support';
import { pointIn, swipe, tap } from './touch';

/*
 * The explore feed with the real server and real media: a full-screen vertical feed where each
 * drama plays its first episode, moved by swipes (a real finger: touch input), the wheel and
 * the arrow keys; a drama is shown once per browser session. touch-gestures.spec.ts swipes from
 * every region of an item; desktop-input.spec.ts turns the wheel as a trackpad does.
 */

function activeItem(page: Page): Locator {
  return page.locator('[data-testid="explore-item"][data-active="true"]');
}

interface FeedVideo {
  currentTime: number;
  readyState: number;
  paused: boolean;
  muted: boolean;
  src: string;
  preload: string;
}

function videoOf(item: Locator): Promise<FeedVideo> {
  return item.getByTestId('explore-video').evaluate((video: HTMLVideoElement) => ({
    currentTime: video.currentTime,
    readyState: video.readyState,
    paused: video.paused,
    muted: video.muted,
    src: video.currentSrc,
    preload: video.preload,
  }));
}

/** The item on screen really plays: it has a frame and time moves on. */
async function expectActivePlaying(page: Page): Promise<number> {
  const item = activeItem(page);
  await expect(item).toHaveCount(1);
  const dramaId = Number(await item.getAttribute('data-drama-id'));
  await expect.poll(async () => (await videoOf(item)).readyState, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const before = (await videoOf(item)).currentTime;
  await expect.poll(async () => (await videoOf(item)).currentTime, { timeout: 15_000 }).toBeGreaterThan(before + 0.3);
  await expect(item).toHaveAttribute('data-status', 'playing');
  // Only the item on screen plays.
  const playing = await page
    .getByTestId('explore-video')
    .evaluateAll((videos) => videos.filter((video) => !(video as HTMLVideoElement).paused).length);
  expect(playing).toBe(1);
  return dramaId;
}

/** The item after the one on screen has its source set and is loading ahead. */
async function expectNextPreloaded(page: Page): Promise<void> {
  const index = await feedIndex(page);
  const following = page.locator(`[data-testid="explore-item"][data-index="${index + 1}"]`);
  await expect(following).toHaveAttribute('data-active', 'false');
  await expect.poll(async () => (await videoOf(following)).preload).toBe('auto');
  await expect.poll(async () => (await videoOf(following)).src).not.toBe('');
  await expect.poll(async () => (await videoOf(following)).readyState, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
}

async function feedIndex(page: Page): Promise<number> {
  return Number(await page.getByTestId('explore-feed').getAttribute('data-index'));
}

test('swipes through five dramas, each playing for real, none twice, the next one preloaded', async ({ page }) => {
  test.setTimeout(180_000);
  await openAs(page, { locale: 'en-US' });
  await page.goto('/explore');

  // The feed fills the phone above the tab bar, which stays.
  const tabBar = page.getByTestId('tab-bar');
  await expect(tabBar).toBeVisible();
  await expect(page.getByTestId('tab-explore')).toHaveAttribute('aria-current', 'page');
  const feedBox = (await page.getByTestId('explore-page').boundingBox())!;
  const tabBox = (await tabBar.boundingBox())!;
  expect(feedBox.y).toBe(0);
  expect(Math.abs(feedBox.y + feedBox.height - tabBox.y)).toBeLessThanOrEqual(1);

  const seen: number[] = [await expectActivePlaying(page)];
  // Muted until asked: the browser allows only that without a gesture.
  expect((await videoOf(activeItem(page))).muted).toBe(true);
  await expect(activeItem(page).getByTestId('explore-unmute')).toBeVisible();
  await expectNextPreloaded(page);

  // A drag shorter than the 50 px threshold springs back.
  await swipe(page, { x: 150, y: 450 }, -40);
  await expect.poll(() => feedIndex(page)).toBe(0);
  await expect(activeItem(page)).toHaveAttribute('data-drama-id', String(seen[0]));

  const moves: Array<[string, () => Promise<void>]> = [
    ['a finger swipe', () => swipe(page, { x: 150, y: 450 }, -260, 6)],
    ['a finger swipe from the like button', async () => swipe(page, await pointIn(activeItem(page).getByTestId('explore-like')), -260, 6)],
    [
      'the wheel',
      async () => {
        await page.mouse.move(150, 400);
        await page.mouse.wheel(0, 120);
      },
    ],
    ['the arrow key', () => page.keyboard.press('ArrowDown')],
  ];
  for (const [how, move] of moves) {
    const before = await feedIndex(page);
    await move();
    await expect.poll(() => feedIndex(page), { message: `${how} moves to the next drama` }).toBe(before + 1);
    seen.push(await expectActivePlaying(page));
    await expectNextPreloaded(page);
  }
  expect(seen).toHaveLength(5);
  expect(new Set(seen).size).toBe(5);

  // Up again: the previous drama plays from the start, the one left behind stops.
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => feedIndex(page)).toBe(3);
  expect(await expectActivePlaying(page)).toBe(seen[3]);

  // Coming back within the session picks up at the same drama and never shows the others again.
  await page.reload();
  await expect(activeItem(page)).toHaveAttribute('data-drama-id', String(seen[3]));
  await expectActivePlaying(page);
  await page.keyboard.press('ArrowDown');
  const after = await expectActivePlaying(page);
  expect(seen).not.toContain(after);
});

test("the next drama's video and poster wait until the first one plays", async ({ page }) => {
  // The first video's media is held, as on a slow network: the next one must not compete with it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/media/episodes/**', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue().catch(() => undefined);
  });
  await openAs(page);
  await page.goto('/explore');
  const firstEpisode = await activeItem(page).getAttribute('data-episode-id');
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const following = page.locator('[data-testid="explore-item"][data-index="1"]');
  await expect(following).toHaveCount(1);
  await expect(following.getByTestId('explore-video')).not.toHaveAttribute('poster');
  expect(await videoOf(following)).toMatchObject({ src: '', preload: 'none' });
  expect(asked.every((address) => address.startsWith(`/media/episodes/${firstEpisode}/`)), asked.join(', ')).toBe(true);

  release();
  await expectActivePlaying(page);
  await expectNextPreloaded(page);
  await expect(following.getByTestId('explore-video')).toHaveAttribute('poster', /\/media\/covers\/w480\//);
});

test('the feed plays without loading zod: its calls check envelopes only', async ({ page }) => {
  await openAs(page);
  const scriptsWithZod = recordScriptsHolding(page, ZOD_MARK);
  await page.goto('/explore');
  await expectActivePlaying(page);
  await page.waitForLoadState('networkidle');
  expect(await scriptsWithZod()).toEqual([]);
});

test('the watch button opens the player at episode 1', async ({ page, request }) => {
  await openAs(page, { locale: 'zh-CN' });
  await page.goto('/explore');
  await expectActivePlaying(page);
  const item = activeItem(page);
  const dramaId = Number(await item.getAttribute('data-drama-id'));
  const drama = await dramaDetail(request, dramaId);
  const first = [...drama.episodes].sort((a, b) => a.sequence - b.sequence)[0]!;
  await expect(item).toHaveAttribute('data-episode-id', String(first.id));
  await expect(item.getByTestId('explore-watch')).toContainText('从第1集开始看');

  await item.getByTestId('explore-watch').click();
  await expect(page).toHaveURL(new RegExp(`/player/${dramaId}\\?episode=${first.id}$`));
  await expectPlaying(page, first.id);
  await expect(page.getByTestId('episode-progress')).toHaveText(`第1集 / 共${drama.episodes.length}集`);
});

test('a tap brings sound for the rest of the session; later taps pause and play', async ({ page }) => {
  await openAs(page, { locale: 'en-US' });
  await page.goto('/explore');
  await expectActivePlaying(page);
  const tapVideo = () => tap(page, { x: 150, y: 380 });

  await tapVideo();
  await expect.poll(async () => (await videoOf(activeItem(page))).muted).toBe(false);
  await expect(activeItem(page).getByTestId('explore-unmute')).toHaveCount(0);
  await expectActivePlaying(page);

  await tapVideo();
  await expect(activeItem(page)).toHaveAttribute('data-status', 'paused');
  await expect.poll(async () => (await videoOf(activeItem(page))).paused).toBe(true);
  await tapVideo();
  await expect(activeItem(page)).toHaveAttribute('data-status', 'playing');

  await page.keyboard.press('ArrowDown');
  await expect.poll(() => feedIndex(page)).toBe(1);
  await expectActivePlaying(page);
  expect((await videoOf(activeItem(page))).muted).toBe(false);
});

test('a guest likes on the device and is asked to sign in to favourite', async ({ page }) => {
  await openAs(page, { locale: 'en-US' });
  await page.goto('/explore');
  await expectActivePlaying(page);
  const item = activeItem(page);
  const episodeId = Number(await item.getAttribute('data-episode-id'));
  const like = item.getByTestId('explore-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => JSON.parse((await stored(page, STORAGE_KEYS.guestLikes)) ?? '[]')).toContain(episodeId);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => JSON.parse((await stored(page, STORAGE_KEYS.guestLikes)) ?? '[]')).not.toContain(episodeId);

  await item.getByTestId('explore-favorite').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Login required to favourite, go to login?');
  await dialog.getByRole('button', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fexplore$/);
});

test('a member likes on the server', async ({ page, request }) => {
  const session = await signUp(request);
  await openAs(page, { locale: 'en-US', session });
  await page.goto('/explore');
  await expectActivePlaying(page);
  const item = activeItem(page);
  const episodeId = Number(await item.getAttribute('data-episode-id'));
  const serverLiked = async () => {
    const response = await request.get(`${API_BASE}${apiPaths.likeCheck(episodeId)}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    return likeStatusResponseSchema.parse(await response.json()).data.isLiked;
  };
  const like = item.getByTestId('explore-like');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(serverLiked).toBe(true);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(serverLiked).toBe(false);
});

test('at the end of the feed: everything seen, a way to the categories, and starting over', async ({ page }) => {
  test.setTimeout(180_000);
  await openAs(page, { locale: 'en-US' });
  await page.goto('/explore');
  await expect(activeItem(page)).toHaveCount(1);
  const seen = new Set<string>();
  const end = page.locator('[data-testid="explore-trailing"][data-active="true"]').getByTestId('explore-end');
  // What is on screen: a drama's id, the end card, or 'more' while the next page loads.
  const onScreen = async () => {
    if ((await end.count()) > 0) return 'end';
    return (await activeItem(page).getAttribute('data-drama-id', { timeout: 500 }).catch(() => null)) ?? 'more';
  };
  let current = await onScreen();
  for (let step = 0; step < 60 && current !== 'end'; step += 1) {
    if (current !== 'more') {
      expect(seen.has(current), `drama ${current} shown twice`).toBe(false);
      seen.add(current);
      await page.keyboard.press('ArrowDown');
    }
    const previous = current;
    await expect.poll(onScreen, { timeout: 15_000 }).not.toBe(previous);
    current = await onScreen();
  }
  await expect(end).toBeVisible();
  await expect(end).toContainText("You've seen everything");
  expect(seen.size).toBeGreaterThanOrEqual(12);

  await expect(page.getByTestId('explore-browse')).toHaveAttribute('href', '/category');

  // Starting over shows the feed from its first drama again.
  await page.getByTestId('explore-start-over').click();
  await expect.poll(() => feedIndex(page)).toBe(0);
  await expectActivePlaying(page);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => feedIndex(page)).toBe(0);
});
