import type { APIRequestContext, Page, Response } from '@playwright/test';
import { API_BASE, STORAGE_KEYS, apiPaths, memberSettingsResponseSchema, type Session } from '@drama/contracts';
import { createAccount } from './accounts';
import { expect, test } from './fixtures';
import { dramaDetail, expectPlaying, openAs, pauseActiveVideo, videoState } from './player-support';
import { pointIn, tap } from './touch';
import { memberHeaders, serverHistory, watch } from './watch-records';

/*
 * A member's switches follow them from phone to phone (issue 25): the server keeps them, each
 * start copies them to the device. The history switch, turned off, stops every record: none on
 * the server, none on the device, and "continue watching" has nothing to show.
 */

test.use({ locale: 'en-US' });

async function serverSwitches(request: APIRequestContext, member: Session) {
  const response = await request.get(`${API_BASE}${apiPaths.userSettings()}`, { headers: memberHeaders(member) });
  return memberSettingsResponseSchema.parse(await response.json()).data;
}

const isSettingsPatch = (response: Response) =>
  response.request().method() === 'PATCH' && new URL(response.url()).pathname === `${API_BASE}${apiPaths.userSettings()}`;

/** Every call the player would make to record a watch or a position, from now on. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/client\/watch-records\/\d+\/(episodes\/\d+\/watch|progress)$/.test(path)) calls.push(path);
  });
  return calls;
}

/** The member's history switch on the settings page. */
const historySwitch = (page: Page) => page.getByTestId('setting-privacy-history');

/** A finger on `target`, brought into view first as a thumb scrolls to it. */
async function tapOn(page: Page, target: ReturnType<Page['getByTestId']>) {
  await target.scrollIntoViewIfNeeded();
  await tap(page, await pointIn(target));
}

test('history off on one phone records nothing, shows off on the next; turning it on there records again', async ({
  page,
  browser,
  request,
}) => {
  // Real playback on two devices: more than the default budget on a busy machine.
  test.slow();
  const [older, watched, later] = await Promise.all([dramaDetail(request, 2), dramaDetail(request, 1), dramaDetail(request, 3)]);
  const member = await createAccount(request);
  // Watched before, with history on: it stays in the list, and nothing joins it while off.
  await watch(request, member, older.id, older.episodes[0]!.id, 5);

  // Phone A: turns history off in settings with a finger.
  await openAs(page, { session: member });
  await page.goto('/settings');
  await expect(historySwitch(page)).toHaveAttribute('aria-checked', 'true');
  const saved = page.waitForResponse(isSettingsPatch);
  await tapOn(page, historySwitch(page));
  await expect(historySwitch(page)).toHaveAttribute('aria-checked', 'false');
  expect((await saved).ok()).toBe(true);
  expect((await serverSwitches(request, member)).privacy).toEqual({ history: false, recommendations: true });

  // A watches an episode past the first progress report (10 s): nothing is sent, nothing kept.
  const calls = recordCalls(page);
  const episode = watched.episodes[0]!;
  await page.goto(`/player/${watched.id}?episode=${episode.id}`);
  await expectPlaying(page, episode.id);
  await expect.poll(async () => (await videoState(page)).currentTime, { timeout: 30_000 }).toBeGreaterThan(11);
  await pauseActiveVideo(page);
  expect(calls).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.watchHistory)).toBeNull();
  expect((await serverHistory(request, member)).map((item) => item.dramaId)).toEqual([older.id]);

  // A's history page says so, offers the switch back, and lists only what was there before.
  await page.goto('/history');
  const notice = page.getByTestId('history-off');
  await expect(notice).toContainText('Watch history is off');
  await expect(notice.getByRole('button', { name: 'Turn history on' })).toBeVisible();
  await expect(page.getByTestId('history-list')).toContainText(older.title);
  await expect(page.getByTestId('history-list')).not.toContainText(watched.title);

  // A's home: no "continue watching", though the older record is still on the server.
  await page.goto('/');
  await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
  await expect(page.getByTestId('continue-watching')).toHaveCount(0);

  // Phone B: a new device, signed in as the same member, with nothing of A's on it.
  const phoneB = await browser.newContext();
  const pageB = await phoneB.newPage();
  const problemsB: string[] = [];
  pageB.on('pageerror', (error) => problemsB.push(error.message));
  pageB.on('console', (message) => {
    if (message.type() === 'error') problemsB.push(message.text());
  });
  try {
    await openAs(pageB, { session: member });
    await pageB.goto('/settings');
    expect(pageB.viewportSize()).toEqual({ width: 390, height: 844 });
    // On start, the server's switches replace the device's defaults.
    await expect(historySwitch(pageB)).toHaveAttribute('aria-checked', 'false');
    expect(JSON.parse((await pageB.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userSettings)) ?? 'null')).toEqual({
      notifications: { updates: true, messages: true },
      privacy: { history: false, recommendations: true },
    });

    // B turns it back on from the history page's notice.
    await pageB.goto('/history');
    const turnOn = pageB.getByTestId('history-off').getByRole('button', { name: 'Turn history on' });
    await expect(turnOn).toBeVisible();
    const savedOn = pageB.waitForResponse(isSettingsPatch);
    await tapOn(pageB, turnOn);
    expect((await savedOn).ok()).toBe(true);
    await expect(pageB.getByTestId('history-off')).toHaveCount(0);
    expect((await serverSwitches(request, member)).privacy.history).toBe(true);

    // The next watch on B is recorded again.
    const laterEpisode = later.episodes[0]!;
    const recorded = pageB.waitForResponse(
      (response) => new URL(response.url()).pathname === `${API_BASE}${apiPaths.watch(later.id, laterEpisode.id)}`,
    );
    await pageB.goto(`/player/${later.id}?episode=${laterEpisode.id}`);
    await expectPlaying(pageB, laterEpisode.id);
    expect((await recorded).ok()).toBe(true);
    await pauseActiveVideo(pageB);
    await expect.poll(async () => (await serverHistory(request, member)).map((item) => item.dramaId)).toEqual([later.id, older.id]);
    expect(problemsB).toEqual([]);
  } finally {
    await phoneB.close();
  }

  // And A, on its next start, shows history on again, with "continue watching" back.
  await page.goto('/settings');
  await expect(historySwitch(page)).toHaveAttribute('aria-checked', 'true');
  await page.goto('/');
  await expect(page.getByTestId('continue-watching').getByTestId('drama-card').getByRole('heading')).toHaveText([later.title, older.title]);
});
