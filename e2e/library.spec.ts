import type { APIRequestContext, Page } from '@playwright/test';
import {
  API_BASE,
  STORAGE_KEYS,
  apiPaths,
  favoriteListResponseSchema,
  resumePointResponseSchema,
  type Session,
} from '@drama/contracts';
import { expect, test } from './fixtures';
import { clickControl, dramaDetail, expectPlaying, openAs, signUp } from './player-support';
import { memberHeaders, serverHistory, watch } from './watch-records';

/*
 * The member's own lists: favourites and watch history, against the real server, plus the
 * guest's local history joining the account at sign-in.
 */

test.use({ locale: 'en-US' });

async function favorite(request: APIRequestContext, session: Session, dramaId: number) {
  const response = await request.post(`${API_BASE}${apiPaths.favorite(dramaId)}`, { headers: memberHeaders(session) });
  expect(response.ok(), await response.text()).toBe(true);
}

async function favoriteIds(request: APIRequestContext, session: Session): Promise<number[]> {
  const response = await request.get(`${API_BASE}${apiPaths.favorites()}`, { headers: memberHeaders(session), params: { limit: 100 } });
  return favoriteListResponseSchema.parse(await response.json()).data.items.map((item) => item.drama.id);
}

async function resumePoint(request: APIRequestContext, session: Session, dramaId: number) {
  const response = await request.get(`${API_BASE}${apiPaths.watchRecord(dramaId)}`, { headers: memberHeaders(session) });
  return resumePointResponseSchema.parse(await response.json()).data;
}

function rowOf(page: Page, testId: 'favorite-row' | 'history-row', title: string) {
  return page.getByTestId(testId).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('favourites', () => {
  test('a drama saved in the player is listed, opens the player, and is removed', async ({ page, request }) => {
    // Real playback in the player, then a second screen: more than the default budget on a busy machine.
    test.slow();
    const drama = await dramaDetail(request, 1);
    const first = drama.episodes[0]!;
    const member = await signUp(request);
    await openAs(page, { session: member });

    await page.goto(`/player/${drama.id}?episode=${first.id}`);
    await expectPlaying(page, first.id);
    await clickControl(page, 'action-favorite');
    await expect(page.getByTestId('toast-success')).toHaveText('Added to my list');
    await expect.poll(async () => (await resumePoint(request, member, drama.id))?.episodeId).toBe(first.id);

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'My list', level: 1 })).toBeVisible();
    const row = rowOf(page, 'favorite-row', drama.title);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('favorite-progress')).toHaveText(`EP 1 / ${drama.episodes.length}`);
    await expect(row).toContainText(/Saved \w{3} \d{1,2}/);

    await row.getByRole('heading', { name: drama.title }).click();
    // The player resumes by itself and puts the episode in the address.
    await expect(page).toHaveURL(`/player/${drama.id}?episode=${first.id}`);
    await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(first.id));
    await page.goBack();
    await expect(page).toHaveURL('/favorites');

    await row.getByRole('button', { name: `Remove “${drama.title}” from my list` }).click();
    await expect(page.getByTestId('toast-success')).toHaveText('Removed from my list');
    await expect(page.getByText('Your list is empty')).toBeVisible();
    await expect.poll(() => favoriteIds(request, member)).toEqual([]);
    await page.getByRole('link', { name: 'Find something to watch' }).click();
    await expect(page).toHaveURL('/category');
  });

  test('several are removed together in edit mode, after a confirmation', async ({ page, request }) => {
    const member = await signUp(request);
    const dramas = await Promise.all([2, 3, 4].map((id) => dramaDetail(request, id)));
    for (const drama of dramas) await favorite(request, member, drama.id);
    const [a, b, c] = dramas as [(typeof dramas)[number], (typeof dramas)[number], (typeof dramas)[number]];
    await openAs(page, { session: member });

    await page.goto('/favorites');
    await expect(page.getByTestId('favorite-row')).toHaveCount(3);
    // Never watched: the list says so instead of an episode.
    await expect(rowOf(page, 'favorite-row', a.title).getByTestId('favorite-progress')).toHaveText('Not started');

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeDisabled();
    await page.getByRole('checkbox', { name: a.title }).click();
    await page.getByRole('checkbox', { name: c.title }).click();
    await expect(page.getByRole('checkbox', { name: a.title })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('checkbox', { name: b.title })).toHaveAttribute('aria-checked', 'false');

    await page.getByRole('button', { name: 'Remove (2)' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Remove 2 dramas?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('favorite-row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Remove (2)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('toast-success')).toHaveText('Removed 2 dramas from my list');
    await expect(page.getByTestId('favorite-row')).toHaveCount(1);
    await expect(rowOf(page, 'favorite-row', b.title)).toHaveCount(1);
    await expect.poll(() => favoriteIds(request, member)).toEqual([b.id]);

    // Select all, then Done leaves edit mode with nothing removed.
    await page.getByRole('button', { name: 'Select all' }).click();
    await expect(page.getByRole('checkbox', { name: b.title })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('selection-bar')).toHaveCount(0);
    await expect(rowOf(page, 'favorite-row', b.title).getByRole('link')).toHaveAttribute('href', `/player/${b.id}`);
  });

  test.describe('when the server refuses', () => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test('a removal is undone and an error says so', async ({ page, request }) => {
      const member = await signUp(request);
      const drama = await dramaDetail(request, 5);
      await favorite(request, member, drama.id);
      await openAs(page, { session: member });
      await page.route(`**${API_BASE}${apiPaths.favorite(drama.id)}`, (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: 'boom' } })
          : route.fallback(),
      );

      await page.goto('/favorites');
      const row = rowOf(page, 'favorite-row', drama.title);
      await row.getByRole('button', { name: `Remove “${drama.title}” from my list` }).click();
      await expect(page.getByTestId('toast-error')).toHaveText('Delete failed, please retry');
      await expect(row).toHaveCount(1);
      expect(await favoriteIds(request, member)).toEqual([drama.id]);
    });
  });
});

test.describe('watch history', () => {
  test('shows the episode watched, resumes there, and removes one', async ({ page, request }) => {
    // Real playback in the player, then a second screen: more than the default budget on a busy machine.
    test.slow();
    const [first, second] = await Promise.all([dramaDetail(request, 1), dramaDetail(request, 2)]);
    const member = await signUp(request);
    const watched = first.episodes[1]!;
    const third = second.episodes[2]!;
    await watch(request, member, second.id, third.id, 20);
    await openAs(page, { session: member });

    // The other one for real, in the player.
    await page.goto(`/player/${first.id}?episode=${watched.id}`);
    await expectPlaying(page, watched.id);
    await expect.poll(async () => (await resumePoint(request, member, first.id))?.episodeId).toBe(watched.id);

    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Watch history', level: 1 })).toBeVisible();
    await expect(page.getByTestId('history-day')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(2);
    // Most recent first.
    await expect(rows.nth(0).getByRole('heading')).toHaveText(first.title);
    await expect(rows.nth(0).getByTestId('history-episode')).toHaveText(`EP 2 / ${first.episodes.length}`);
    const secondRow = rowOf(page, 'history-row', second.title);
    await expect(secondRow.getByTestId('history-episode')).toHaveText(`EP 3 / ${second.episodes.length}`);
    const percent = Math.round((20 / third.durationSeconds) * 100);
    await expect(secondRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(percent));

    await secondRow.getByRole('heading', { name: second.title }).click();
    await expect(page).toHaveURL(`/player/${second.id}?episode=${third.id}`);
    await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(third.id));
    await page.goBack();
    await expect(page).toHaveURL('/history');

    await rowOf(page, 'history-row', first.title)
      .getByRole('button', { name: `Remove “${first.title}” from history` })
      .click();
    await expect(page.getByTestId('toast-success')).toHaveText('Removed from history');
    await expect(rows).toHaveCount(1);
    await expect.poll(async () => (await serverHistory(request, member)).map((item) => item.dramaId)).toEqual([second.id]);
  });

  test('edit mode removes several; clear empties it all', async ({ page, request }) => {
    const member = await signUp(request);
    const dramas = await Promise.all([3, 4, 5, 6].map((id) => dramaDetail(request, id)));
    for (const drama of dramas) await watch(request, member, drama.id, drama.episodes[0]!.id, 5);
    const [a, b, c] = dramas as [(typeof dramas)[number], (typeof dramas)[number], (typeof dramas)[number]];
    await openAs(page, { session: member });

    await page.goto('/history');
    await expect(page.getByTestId('history-row')).toHaveCount(4);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('checkbox', { name: a.title }).click();
    await page.getByRole('checkbox', { name: b.title }).click();
    await page.getByRole('button', { name: 'Remove (2)' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Remove 2 dramas from history?');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    await expect.poll(async () => (await serverHistory(request, member)).length).toBe(2);
    await expect(rowOf(page, 'history-row', c.title)).toHaveCount(1);

    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Clear history' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Clear your watch history?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Nothing watched yet')).toBeVisible();
    await expect(page.getByTestId('toast-success')).toHaveText('History cleared');
    await expect.poll(async () => (await serverHistory(request, member)).length).toBe(0);
  });

  test("a guest's history joins the account at sign-in, once, without duplicates", async ({ page, request }) => {
    // Real playback in the player, then a second screen: more than the default budget on a busy machine.
    test.slow();
    const [first, third] = await Promise.all([dramaDetail(request, 1), dramaDetail(request, 3)]);
    const member = await signUp(request);
    // The member watched episode 1 of the first drama earlier, on another device.
    await watch(request, member, first.id, first.episodes[0]!.id, 3);
    const guestEpisode = first.episodes[1]!;
    const seeded = { dramaId: third.id, episodeId: third.episodes[0]!.id, timestamp: Date.now() - 60_000, progress: 7 };
    await openAs(page, { extra: { [STORAGE_KEYS.watchHistory]: JSON.stringify([seeded]) } });
    const merges: unknown[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith(`${API_BASE}${apiPaths.mergeWatchRecords()}`)) merges.push(sent.postDataJSON());
    });

    // As a guest, later than the member's own record.
    await page.goto(`/player/${first.id}?episode=${guestEpisode.id}`);
    await expectPlaying(page, guestEpisode.id);
    const local = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], STORAGE_KEYS.watchHistory);
    await expect.poll(local).toEqual([
      expect.objectContaining({ dramaId: first.id, episodeId: guestEpisode.id }),
      expect.objectContaining(seeded),
    ]);

    await page.goto('/auth/sign-in?redirect=%2Fhistory');
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Account').fill(member.user.username);
    await form.getByLabel('Password', { exact: true }).fill('Player-2024!');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/history');

    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(2);
    await expect(rowOf(page, 'history-row', first.title)).toHaveCount(1);
    await expect(rowOf(page, 'history-row', first.title).getByTestId('history-episode')).toHaveText(
      `EP 2 / ${first.episodes.length}`,
    );
    await expect(rowOf(page, 'history-row', third.title).getByTestId('history-episode')).toHaveText(
      `EP 1 / ${third.episodes.length}`,
    );
    expect((await serverHistory(request, member)).map((item) => item.dramaId).sort()).toEqual([first.id, third.id].sort());

    expect(merges).toHaveLength(1);
    expect(merges[0]).toEqual({
      records: [
        expect.objectContaining({ dramaId: first.id, episodeId: guestEpisode.id }),
        { dramaId: third.id, episodeId: seeded.episodeId, progress: 7, timestamp: seeded.timestamp },
      ],
    });
    // Kept on the device for "continue watching", flagged so it is not sent again.
    await expect.poll(async () => (await local()).map((entry) => (entry as { merged?: boolean }).merged)).toEqual([true, true]);
    await page.reload();
    await expect(rows).toHaveCount(2);
    expect(merges).toHaveLength(1);
  });
});
