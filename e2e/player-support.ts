import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  API_BASE,
  STORAGE_KEYS,
  apiPaths,
  dramaDetailResponseSchema,
  sessionResponseSchema,
  type DramaDetail,
  type Episode,
  type Session,
} from '@drama/contracts';
import { seedStorage } from './fixtures';
import { grantVip } from './operator-acts';

/** The first-visit swipe hint would cover the player in every test but its own. */
export const SWIPE_HINT_SEEN = { player_swipe_hint_seen: '1' };

export async function dramaDetail(request: APIRequestContext, id: number): Promise<DramaDetail> {
  const response = await request.get(`${API_BASE}${apiPaths.drama(id)}`, { headers: { 'Accept-Language': 'en-US' } });
  return dramaDetailResponseSchema.parse(await response.json()).data;
}

/** A new member through the real sign-up call, with a unique name. */
export async function signUp(request: APIRequestContext): Promise<Session> {
  const username = `pl_${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20);
  const response = await request.post(`${API_BASE}${apiPaths.signUp()}`, { data: { username, password: 'Player-2024!' } });
  expect(response.ok(), await response.text()).toBe(true);
  return sessionResponseSchema.parse(await response.json()).data;
}

/** Makes the member a VIP through the operator's call, and returns the session with fresh user info. */
export async function makeVip(request: APIRequestContext, session: Session): Promise<Session> {
  await grantVip(request, session.user.id, 30);
  const me = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: { Authorization: `Bearer ${session.token}` } });
  const body = (await me.json()) as { data: Session['user'] };
  return { token: session.token, user: body.data };
}

export async function openAs(
  page: Page,
  options: { locale?: 'en-US' | 'zh-CN'; session?: Session; extra?: Record<string, string> } = {},
): Promise<void> {
  await seedStorage(page, {
    [STORAGE_KEYS.language]: options.locale ?? 'en-US',
    [STORAGE_KEYS.theme]: 'dark',
    ...SWIPE_HINT_SEEN,
    ...(options.session
      ? { [STORAGE_KEYS.token]: options.session.token, [STORAGE_KEYS.userInfo]: JSON.stringify(options.session.user) }
      : {}),
    ...options.extra,
  });
}

/** A viewer prepared as `openAs` does, opening the drama at its first episode; gives the drama's episodes. */
export async function openAtFirstEpisode(page: Page, request: APIRequestContext, dramaId: number): Promise<Episode[]> {
  const { episodes } = await dramaDetail(request, dramaId);
  await openAs(page);
  await page.goto(`/player/${dramaId}?episode=${episodes[0]!.id}`);
  return episodes;
}

/** The <video> on screen. */
export function activeVideo(page: Page): Locator {
  return page.locator('video[data-active="true"]');
}

export interface VideoState {
  src: string;
  currentTime: number;
  paused: boolean;
  frames: number;
  rate: number;
  muted: boolean;
  duration: number;
}

export function videoState(page: Page): Promise<VideoState> {
  return activeVideo(page).evaluate((video: HTMLVideoElement) => ({
    src: video.currentSrc,
    currentTime: video.currentTime,
    paused: video.paused,
    frames: video.getVideoPlaybackQuality().totalVideoFrames,
    rate: video.playbackRate,
    muted: video.muted,
    duration: video.duration,
  }));
}

/** Real playback: time moves on and frames were decoded. */
export async function expectPlaying(page: Page, episodeId: number): Promise<void> {
  await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(episodeId));
  await expect.poll(async () => (await videoState(page)).src).toContain(`/media/episodes/${episodeId}/`);
  const before = (await videoState(page)).currentTime;
  await expect.poll(async () => (await videoState(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(before + 0.3);
  await expect.poll(async () => (await videoState(page)).frames).toBeGreaterThan(0);
}

/**
 * Holds every episode's media until the returned function is called: the player stays loading,
 * so what it shows before playback (the first-visit hint, which leaves by itself 5 s into
 * playback) stays on screen however slowly the test reaches it.
 */
export async function holdEpisodeMedia(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/media/episodes/**', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * Pauses the video on screen, as the player's own control would. A paused player keeps its
 * controls up and stays on its episode, so a slow machine cannot let them hide or the episode
 * end and move on between a test's steps.
 */
export async function pauseActiveVideo(page: Page): Promise<void> {
  await activeVideo(page).evaluate((video: HTMLVideoElement) => video.pause());
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'paused');
  await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'shown');
}

/**
 * A drag with the mouse, for the desktop tests only: on the phone the tests swipe with a real
 * finger (touch.ts), which the browser may take for a scroll where a mouse drag never is.
 */
export async function drag(page: Page, dy: number, from = { x: 110, y: 420 }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + dy / 2, { steps: 4 });
  await page.mouse.move(from.x, from.y + dy, { steps: 4 });
  await page.mouse.up();
}

/**
 * Clicks one of the player's controls, once. They hide 5 s after they last showed while the
 * video plays, and are inert while hidden (a click there reaches the picture). A mouse resting
 * on them keeps them up, as in any desktop player, so the mouse is put on the control first and
 * the click waits until it rests there: then the controls cannot hide under the click, and one
 * click is enough. A click that is lost fails the test; it is never clicked again, which could
 * press a toggle twice.
 */
export async function clickControl(page: Page, testId: string): Promise<void> {
  const control = page.getByTestId(testId);
  // The controls fade in and out in place: the control's box is the same shown or hidden.
  const box = await control.boundingBox();
  if (!box) throw new Error(`${testId} has no box on screen`);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const rests = () => control.evaluate((element) => element.matches(':hover'));
  await page.mouse.move(at.x, at.y);
  if (!(await rests())) {
    // They were hidden, so the mouse is over the picture. A finger's tap on the picture shows
    // them and leaves the mouse where it is; the next move over the shown control rests on it.
    await page.touchscreen.tap(110, 300);
    await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'shown');
    await page.mouse.move(at.x, at.y + 1);
  }
  await expect.poll(rests).toBe(true);
  await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'shown');
  await control.click();
}

/** Brings back the auto-hidden controls with a tap on the video. */
export async function showControls(page: Page): Promise<void> {
  const player = page.getByTestId('player');
  if ((await player.getAttribute('data-controls')) !== 'shown') await page.mouse.click(110, 300);
  await expect(player).toHaveAttribute('data-controls', 'shown');
}
