import { STORAGE_KEYS, SUBTITLE } from '@drama/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, recordToasts, test } from './fixtures';
import { activeVideo, dramaDetail, openAs, openAtFirstEpisode } from './player-support';
import { landsOn, longPressDrag, pointIn, swipe, tap, tapToOpen, type Point } from './touch';

/*
 * The swipe with a real finger (CDP touch events, not the mouse), from every region of the
 * player and of the explore feed: the title, the description, each side button, the centre play
 * button, the episode and progress bars and the subtitle, with the controls shown and hidden. A
 * browser that may pan where the finger lands cancels the pointer and the swipe dies there;
 * these tests see that, where a mouse drag cannot.
 */

const DRAMA = 1;
/** Far past the 50 px threshold, as a thumb flicks. */
const SWIPE = 200;
const VIEWPORT_HEIGHT = 844;

type Region = readonly [name: string, locate: (page: Page) => Locator, at?: { fx?: number; fy?: number }];

const PLAYER_REGIONS: readonly Region[] = [
  ['the bare video', (page) => page.getByTestId('player'), { fx: 0.3, fy: 0.3 }],
  ['the title in the top bar', (page) => page.getByTestId('player-title')],
  ['the drama title', (page) => page.getByTestId('drama-info').locator('h2')],
  ['the description', (page) => page.getByTestId('drama-description')],
  ['the like button', (page) => page.getByTestId('action-like')],
  ['the favourite button', (page) => page.getByTestId('action-favorite')],
  ['the episodes button', (page) => page.getByTestId('action-episodes')],
  ['the subtitles button', (page) => page.getByTestId('action-subtitles')],
  ['the share button', (page) => page.getByTestId('action-share')],
  ['the full-screen button', (page) => page.getByTestId('action-fullscreen')],
  ['the centre play button', (page) => page.getByTestId('play-toggle')],
  ['the episode bar', (page) => page.getByTestId('episodes-bar')],
  ['the time', (page) => page.getByTestId('player-time')],
  // Above the thin track, whose played and buffered parts are elements of their own.
  ['the progress bar', (page) => page.getByTestId('progress-bar'), { fx: 0.4, fy: 0.2 }],
  ['the subtitle', (page) => page.getByTestId('subtitle')],
];

/** What a drag that started on a control must not have done: pressed it. */
async function expectNothingPressed(page: Page, toasts: () => Promise<string[]>, where: string): Promise<void> {
  await expect(page.getByRole('dialog'), `${where}: no sheet opened`).toHaveCount(0);
  await expect(page.getByRole('alertdialog'), `${where}: no dialog opened`).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key) ?? '[]', STORAGE_KEYS.guestLikes), `${where}: nothing liked`).toBe('[]');
  expect(await page.evaluate(() => document.fullscreenElement === null), `${where}: not full screen`).toBe(true);
  expect(await toasts(), `${where}: nothing said`).toEqual([]);
}

function player(page: Page): Locator {
  return page.getByTestId('player');
}

/** Which way a finger at `point` has room to travel a full swipe. */
function room(point: Point): { up: boolean; down: boolean } {
  return { up: point.y - SWIPE > 8, down: point.y + SWIPE < VIEWPORT_HEIGHT - 8 };
}

/**
 * On `episodeId`, paused 1 s in (a subtitle cue is up) with the controls shown: a paused player
 * keeps them, so every region is on screen while the test aims at it.
 */
async function pausedWithControls(page: Page, episodeId: number): Promise<void> {
  await expect(player(page)).toHaveAttribute('data-episode', String(episodeId));
  await expect(player(page)).toHaveAttribute('data-status', /playing|paused/, { timeout: 20_000 });
  await activeVideo(page).evaluate((video: HTMLVideoElement) => {
    video.pause();
    video.currentTime = 1;
  });
  await expect(player(page)).toHaveAttribute('data-status', 'paused');
  await expect(player(page)).toHaveAttribute('data-controls', 'shown');
  await expect(page.getByTestId('subtitle')).toBeVisible();
}

/** On `episodeId`, playing, with the controls hidden (a tap on the picture hides them). */
async function playingWithoutControls(page: Page, episodeId: number): Promise<void> {
  await expect(player(page)).toHaveAttribute('data-episode', String(episodeId));
  await expect(player(page)).toHaveAttribute('data-status', /playing|paused/, { timeout: 20_000 });
  await activeVideo(page).evaluate(async (video: HTMLVideoElement) => {
    if (video.currentTime > 6) video.currentTime = 1;
    // Muted, as the browser allows without a gesture; the test's own taps are not about sound.
    video.muted = true;
    if (video.paused) await video.play();
  });
  await expect(player(page)).toHaveAttribute('data-status', 'playing');
  if ((await player(page).getAttribute('data-controls')) === 'shown') await tap(page, { x: 110, y: 300 });
  await expect(player(page)).toHaveAttribute('data-controls', 'hidden');
}

for (const controls of ['shown', 'hidden'] as const) {
  test(`player: a swipe from every region changes episode, controls ${controls}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const [first, second] = (await dramaDetail(request, DRAMA)).episodes;
    const toasts = await recordToasts(page);
    await openAs(page);
    await page.goto(`/player/${DRAMA}?episode=${first!.id}`);

    // Where each region is, with the controls shown (when hidden, the finger lands where they were).
    await pausedWithControls(page, first!.id);
    const points = new Map<string, Point>();
    for (const [name, locate, at] of PLAYER_REGIONS) {
      const point = await pointIn(locate(page), at);
      points.set(name, point);
      if (name === 'the bare video') expect(await landsOn(page.getByTestId('player-gestures'), point), 'a finger on the bare video lands on it').toBe(true);
      else expect(await landsOn(locate(page), point), `a finger on ${name} lands on it`).toBe(true);
    }

    const ready = (episodeId: number) => (controls === 'shown' ? pausedWithControls(page, episodeId) : playingWithoutControls(page, episodeId));
    for (const [name, locate, at] of PLAYER_REGIONS) {
      await ready(first!.id);
      // The subtitle moves with the controls; every other region is aimed where it was shown.
      const point = name === 'the subtitle' ? await pointIn(locate(page), at) : points.get(name)!;
      const can = room(point);
      if (can.up) {
        await swipe(page, point, -SWIPE);
        await expect(player(page), `a swipe up from ${name} plays the next episode`).toHaveAttribute('data-episode', String(second!.id));
      } else {
        await page.keyboard.press('ArrowDown');
        await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));
      }
      await ready(second!.id);
      const back = name === 'the subtitle' ? await pointIn(locate(page), at) : point;
      if (room(back).down) {
        await swipe(page, back, SWIPE);
        await expect(player(page), `a swipe down from ${name} goes back`).toHaveAttribute('data-episode', String(first!.id));
      } else {
        await page.keyboard.press('ArrowUp');
        await expect(player(page)).toHaveAttribute('data-episode', String(first!.id));
      }
      await expectNothingPressed(page, toasts, name);
    }
  });
}

test('player: a tap on a side button presses it; a swipe that starts on it does not', async ({ page, request }) => {
  const [first, second] = await openAtFirstEpisode(page, request, DRAMA);
  await pausedWithControls(page, first!.id);
  const like = page.getByTestId('action-like');
  await tap(page, await pointIn(like));
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await tap(page, await pointIn(like));
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestLikes)).toBe('[]');

  await swipe(page, await pointIn(like), -SWIPE);
  await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));
  await pausedWithControls(page, second!.id);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestLikes)).toBe('[]');

  // A tap on the picture still hides and shows the controls.
  await playingWithoutControls(page, second!.id);
  await tap(page, { x: 110, y: 300 });
  await expect(player(page)).toHaveAttribute('data-controls', 'shown');
});

test('player: the subtitle moves only after a long-press, stays clear of the controls, and can be put back', async ({ page, request }) => {
  const [first, second] = await openAtFirstEpisode(page, request, DRAMA);
  await pausedWithControls(page, first!.id);
  const subtitle = page.getByTestId('subtitle');
  const storedPosition = () =>
    page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { position?: number }).position ?? null, STORAGE_KEYS.subtitleSettings);
  const startBox = (await subtitle.boundingBox())!;

  // A swipe that starts on it changes episode and leaves it where it was.
  await swipe(page, await pointIn(subtitle), -SWIPE);
  await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));
  await pausedWithControls(page, second!.id);
  expect(await storedPosition()).toBeNull();
  const bottom = async () => {
    const box = (await subtitle.boundingBox())!;
    return box.y + box.height;
  };
  // Its bottom edge is where it was (another cue may have more lines).
  expect(Math.abs((await bottom()) - (startBox.y + startBox.height))).toBeLessThan(2);

  // A long-press, then a drag: it moves, and the episode stays.
  await longPressDrag(page, subtitle, -40);
  await expect.poll(bottom).toBeLessThan(startBox.y + startBox.height - 20);
  await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));
  await expect.poll(storedPosition).toBeGreaterThan(SUBTITLE.defaults.position);

  // Dragged as far up as a finger goes, it stops below the centre play button; shown or
  // hidden, the controls at the bottom stay clear.
  await longPressDrag(page, subtitle, -500);
  await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));
  const playBox = (await page.getByTestId('play-toggle').boundingBox())!;
  const highest = (await subtitle.boundingBox())!;
  expect(highest.y).toBeGreaterThanOrEqual(playBox.y + playBox.height);
  const infoBox = (await page.getByTestId('drama-info').boundingBox())!;
  expect(highest.y + highest.height).toBeLessThanOrEqual(infoBox.y + 1);
  // Down as far as it goes, it stays above the bottom controls.
  await longPressDrag(page, subtitle, 400);
  const lowest = (await subtitle.boundingBox())!;
  expect(lowest.y + lowest.height).toBeLessThanOrEqual(infoBox.y + 1);
  await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));

  // "Reset position" in the subtitle sheet puts it back.
  await longPressDrag(page, subtitle, -120);
  await expect.poll(storedPosition).not.toBe(SUBTITLE.defaults.position);
  await expect(player(page)).toHaveAttribute('data-episode', String(second!.id));
  await expect(player(page)).toHaveAttribute('data-controls', 'shown');
  const sheet = page.getByTestId('subtitle-sheet');
  await tapToOpen(page, page.getByTestId('action-subtitles'), sheet);
  await sheet.getByTestId('subtitle-reset-position').click();
  await expect.poll(storedPosition).toBe(SUBTITLE.defaults.position);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect(Math.abs((await bottom()) - (startBox.y + startBox.height))).toBeLessThan(2);
});

test('player: a position kept from before, over the play button, is brought back into the band', async ({ page, request }) => {
  const [first] = (await dramaDetail(request, DRAMA)).episodes;
  await openAs(page, { extra: { [STORAGE_KEYS.subtitleSettings]: JSON.stringify({ ...SUBTITLE.defaults, position: 600 }) } });
  await page.goto(`/player/${DRAMA}?episode=${first!.id}`);
  await pausedWithControls(page, first!.id);
  const playBox = (await page.getByTestId('play-toggle').boundingBox())!;
  expect((await page.getByTestId('subtitle').boundingBox())!.y).toBeGreaterThanOrEqual(playBox.y + playBox.height);
  // Hidden controls leave more room below, never above the band.
  await playingWithoutControls(page, first!.id);
  expect((await page.getByTestId('subtitle').boundingBox())!.y).toBeGreaterThanOrEqual(playBox.y + playBox.height);
});

/* ---- the explore feed ---- */

function activeItem(page: Page): Locator {
  return page.locator('[data-testid="explore-item"][data-active="true"]');
}

async function feedIndex(page: Page): Promise<number> {
  return Number(await page.getByTestId('explore-feed').getAttribute('data-index'));
}

/** The track has come to rest on the item on screen (it slides for 300 ms after a move). */
async function feedSettled(page: Page): Promise<void> {
  await expect.poll(async () => Math.round((await activeItem(page).boundingBox())?.y ?? -1)).toBe(0);
}

const FEED_REGIONS: readonly Region[] = [
  ['the bare video', (page) => activeItem(page).getByTestId('explore-tap'), { fx: 0.3, fy: 0.3 }],
  ['the title', (page) => activeItem(page).getByTestId('explore-title')],
  ['a tag', (page) => activeItem(page).getByTestId('explore-tag').first()],
  ['the description', (page) => activeItem(page).getByTestId('explore-description')],
  ['the like button', (page) => activeItem(page).getByTestId('explore-like')],
  ['the favourite button', (page) => activeItem(page).getByTestId('explore-favorite')],
  ['the episodes button', (page) => activeItem(page).getByTestId('explore-episodes')],
  ['the share button', (page) => activeItem(page).getByTestId('explore-share')],
  ['the watch bar', (page) => activeItem(page).getByTestId('explore-watch')],
];

test('explore: a swipe from every region moves the feed, and taps still reach the buttons', async ({ page }) => {
  test.setTimeout(180_000);
  const toasts = await recordToasts(page);
  await openAs(page);
  await page.goto('/explore');
  await expect(activeItem(page)).toHaveCount(1);
  await expect(activeItem(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });

  for (const [name, locate, at] of FEED_REGIONS) {
    await feedSettled(page);
    const index = await feedIndex(page);
    const point = await pointIn(locate(page), at);
    expect(await landsOn(locate(page), point), `a finger on ${name} lands on it`).toBe(true);
    await swipe(page, point, -SWIPE);
    await expect.poll(() => feedIndex(page), { message: `a swipe up from ${name} moves to the next drama` }).toBe(index + 1);
    await expect(page).toHaveURL(/\/explore$/);
    await expect(activeItem(page)).toHaveAttribute('data-index', String(index + 1));
    await feedSettled(page);
    const back = await pointIn(locate(page), at);
    if (room(back).down) {
      await swipe(page, back, SWIPE);
      await expect.poll(() => feedIndex(page), { message: `a swipe down from ${name} goes back` }).toBe(index);
      await feedSettled(page);
      await swipe(page, back, -SWIPE);
      await expect.poll(() => feedIndex(page)).toBe(index + 1);
    }
    await expect(page).toHaveURL(/\/explore$/);
    await expectNothingPressed(page, toasts, name);
  }

  // A tap still likes; the next swipe from the same button does not like the next drama.
  await feedSettled(page);
  const like = activeItem(page).getByTestId('explore-like');
  await tap(page, await pointIn(like));
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const liked = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestLikes);
  const index = await feedIndex(page);
  await swipe(page, await pointIn(like), -SWIPE);
  await expect.poll(() => feedIndex(page)).toBe(index + 1);
  await expect(activeItem(page).getByTestId('explore-like')).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestLikes)).toBe(liked);
  // A tap on the title opens the player. The link is the title's text, narrower than its heading
  // when the title is short: the finger goes on the words.
  await feedSettled(page);
  const title = activeItem(page).getByTestId('explore-title').getByRole('link');
  const onTitle = await pointIn(title);
  expect(await landsOn(title, onTitle), 'a finger on the title lands on its link').toBe(true);
  await tap(page, onTitle);
  await expect(page).toHaveURL(/\/player\/\d+\?episode=\d+$/);
});

test('explore: "More" shows the whole description, and a swipe from it still moves the feed', async ({ page }) => {
  await openAs(page);
  await page.goto('/explore');
  await expect(activeItem(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const first = activeItem(page);
  const text = first.getByTestId('explore-description');
  await tap(page, await pointIn(first.getByRole('button', { name: 'More' })));
  await expect(first.getByRole('button', { name: 'Less' })).toBeVisible();
  // A swipe from the open description still moves the feed.
  await swipe(page, await pointIn(text), -SWIPE);
  await expect.poll(() => feedIndex(page)).toBe(1);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => feedIndex(page)).toBe(0);
  await feedSettled(page);
  // Nothing of it is cut: the box is as tall as the text, and all of it is on screen.
  const open = activeItem(page).getByTestId('explore-description');
  await expect(activeItem(page).getByRole('button', { name: 'Less' })).toBeVisible();
  expect(await open.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
  const box = (await open.boundingBox())!;
  expect(box.y).toBeGreaterThan(0);
  // "Less" folds it back to two lines.
  await tap(page, await pointIn(activeItem(page).getByRole('button', { name: 'Less' })));
  await expect(activeItem(page).getByRole('button', { name: 'More' })).toBeVisible();
});
