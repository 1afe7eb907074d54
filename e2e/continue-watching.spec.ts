import type { Page } from '@playwright/test';
import { API_BASE, STORAGE_KEYS, apiPaths, type DramaDetail } from '@drama/contracts';
import { createAccount } from './accounts';
import { expect, test } from './fixtures';
import { dramaDetail, expectPlaying, openAs, pauseActiveVideo, videoState } from './player-support';
import { serverHistory, watch } from './watch-records';

/*
 * Home's "Continue watching" for members: built from the watch records on the server, which the
 * player writes for them, instead of the device's history, which only guests write.
 */

test.use({ locale: 'en-US' });

/** A free episode past the first, so the row has to say which one. */
function laterFreeEpisode(drama: DramaDetail) {
  const free = [...drama.episodes].sort((a, b) => a.sequence - b.sequence).filter((episode) => episode.isFree);
  const episode = free[1] ?? free[0];
  if (!episode) throw new Error(`drama ${drama.id} has no free episode`);
  return episode;
}

function row(page: Page) {
  return page.getByTestId('continue-watching');
}

function cardTitles(page: Page) {
  return row(page).getByTestId('drama-card').getByRole('heading');
}

test("a member's row comes from their watch records, newest first, and resumes where they stopped", async ({
  page,
  request,
}) => {
  // Real playback in the player: more than the default budget on a busy machine.
  test.slow();
  const [older, newer, later] = await Promise.all([dramaDetail(request, 1), dramaDetail(request, 2), dramaDetail(request, 3)]);
  const member = await createAccount(request);
  await watch(request, member, older.id, older.episodes[0]!.id, 3);
  const episode = laterFreeEpisode(newer);
  await watch(request, member, newer.id, episode.id, 10);

  await openAs(page, { session: member });
  await page.goto('/');
  const cards = row(page).getByTestId('drama-card');
  await expect(cardTitles(page)).toHaveText([newer.title, older.title]);
  await expect(row(page).getByRole('heading', { name: 'Continue watching' })).toBeVisible();
  await expect(cards.first()).toContainText(`Watched EP ${episode.sequence}`);
  await expect(cards.first()).toHaveAttribute('href', `/player/${newer.id}?episode=${episode.id}`);
  await expect(cards.nth(1)).toContainText('Watched EP 1');

  await cards.first().click();
  await expect(page).toHaveURL(`/player/${newer.id}?episode=${episode.id}`);
  await expectPlaying(page, episode.id);
  // At the recorded second, not from the start of the episode.
  expect((await videoState(page)).currentTime).toBeGreaterThanOrEqual(10);
  // Paused, so the player reports nothing more while another device watches something else.
  await pauseActiveVideo(page);

  await watch(request, member, later.id, later.episodes[0]!.id, 4);
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(cardTitles(page)).toHaveText([later.title, newer.title, older.title]);
});

test('a member with no watch records sees no row, even with a guest history left on the device', async ({
  page,
  request,
}) => {
  const drama = await dramaDetail(request, 1);
  const member = await createAccount(request);
  // Already merged into the account earlier, then removed from it on another device.
  const leftOver = { dramaId: drama.id, episodeId: drama.episodes[0]!.id, timestamp: Date.now() - 60_000, progress: 5, merged: true };
  await openAs(page, { session: member, extra: { [STORAGE_KEYS.watchHistory]: JSON.stringify([leftOver]) } });
  const records = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `${API_BASE}${apiPaths.watchRecords()}` && response.ok(),
  );
  await page.goto('/');
  await records;
  await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
  await expect(row(page)).toHaveCount(0);
});

test("after a guest signs in, the row shows the account's records with the device's merged in", async ({
  page,
  request,
}) => {
  const [elsewhere, onDevice] = await Promise.all([dramaDetail(request, 4), dramaDetail(request, 5)]);
  const member = await createAccount(request);
  // Watched earlier on another device.
  await watch(request, member, elsewhere.id, elsewhere.episodes[0]!.id, 6);
  const local = { dramaId: onDevice.id, episodeId: onDevice.episodes[0]!.id, timestamp: Date.now() - 60_000, sequence: 1, progress: 5 };
  await openAs(page, { extra: { [STORAGE_KEYS.watchHistory]: JSON.stringify([local]) } });

  await page.goto('/');
  await expect(cardTitles(page)).toHaveText([onDevice.title]);

  await page.goto('/auth/sign-in');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Account').fill(member.username);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');

  await expect.poll(async () => (await serverHistory(request, member)).length).toBe(2);
  const merged = await serverHistory(request, member);
  await expect(cardTitles(page)).toHaveText(merged.map((item) => item.drama.title));
  expect(merged.map((item) => item.dramaId).sort()).toEqual([elsewhere.id, onDevice.id].sort());
});
