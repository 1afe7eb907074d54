import type { APIRequestContext, Page, Response } from '@playwright/test';
import { API_BASE, apiPaths, type ExploreItem, exploreResponseSchema, forYouResponseSchema, STORAGE_KEYS, type Session } from '@drama/contracts';
import { createAccount } from './accounts';
import { expect, test } from './fixtures';
import { expectPlaying, openAs, pauseActiveVideo } from './player-support';
import { pointIn, tap } from './touch';
import { memberHeaders } from './watch-records';

/*
 * "For you" (issue 25): a member's watching makes home's row their own, with the drama it came
 * from named under it; with personalised recommendations turned off, home has only the popular
 * order again. The list is refreshed the way it is in production: the player's watch queues the
 * member's refresh job, which runs a few seconds later.
 */

test.use({ locale: 'en-US' });

/** The whole popular order (the explore feed as a guest sees it). */
async function popularOrder(request: APIRequestContext): Promise<ExploreItem[]> {
  const items: ExploreItem[] = [];
  let cursor: string | null = null;
  do {
    const response: Awaited<ReturnType<APIRequestContext['get']>> = await request.get(`${API_BASE}${apiPaths.explore()}`, {
      headers: { 'Accept-Language': 'en-US' },
      params: { limit: 20, ...(cursor ? { cursor } : {}) },
    });
    const data: { items: ExploreItem[]; nextCursor: string | null } = exploreResponseSchema.parse(await response.json()).data;
    items.push(...data.items);
    cursor = data.nextCursor;
  } while (cursor);
  return items;
}

async function forYouOf(request: APIRequestContext, member?: Session) {
  const response = await request.get(`${API_BASE}${apiPaths.forYou()}`, {
    headers: { 'Accept-Language': 'en-US', ...(member ? memberHeaders(member) : {}) },
  });
  return forYouResponseSchema.parse(await response.json()).data;
}

const isSettingsPatch = (response: Response) =>
  response.request().method() === 'PATCH' && new URL(response.url()).pathname === `${API_BASE}${apiPaths.userSettings()}`;

const forYouRow = (page: Page) => page.getByTestId('for-you');

test('watching one category makes home’s row that category, because of that drama; switched off, home is the popular order', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const popular = await popularOrder(request);
  // The category least favoured by the popular order that has at least three playable dramas:
  // its dramas coming first can only be the member's doing.
  const byCategory = new Map<string, ExploreItem[]>();
  for (const item of popular) {
    const name = item.drama.category?.name;
    if (name) byCategory.set(name, [...(byCategory.get(name) ?? []), item]);
  }
  const candidates = [...byCategory.entries()].filter(([, items]) => items.length >= 3);
  const [category, items] = candidates.sort(
    ([, a], [, b]) => popular.indexOf(b[0]!) - popular.indexOf(a[0]!),
  )[0]!;
  const watched = items[0]!;
  const sameCategory = items.slice(1).map((item) => item.drama.title);

  const member = await createAccount(request);
  await openAs(page, { session: member });
  // The member watches it in the player, as anyone would.
  const recorded = page.waitForResponse((response) => new URL(response.url()).pathname === `${API_BASE}${apiPaths.watch(watched.drama.id, watched.episode.episodeId)}`);
  await page.goto(`/player/${watched.drama.id}?episode=${watched.episode.episodeId}`);
  await expectPlaying(page, watched.episode.episodeId);
  expect((await recorded).ok()).toBe(true);
  await pauseActiveVideo(page);

  // Home: the row appears once the refresh the watch queued has run.
  await page.goto('/');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
        return forYouRow(page).count();
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBe(1);
  await expect(forYouRow(page).getByRole('heading', { level: 2 })).toHaveText('For you');
  await expect(page.getByTestId('for-you-because')).toHaveText(`Because you watched ${watched.drama.title}`);
  const titles = await forYouRow(page).getByTestId('drama-card').getByRole('heading').allTextContents();
  // The category's other dramas first, the watched one not at all.
  expect(titles.slice(0, sameCategory.length).sort()).toEqual([...sameCategory].sort());
  expect(titles).not.toContain(watched.drama.title);
  await expect(forYouRow(page).getByTestId('drama-card').first()).toContainText(category);
  expect(popular[0]!.drama.category?.name).not.toBe(category);

  // A look at it, light and dark (kept with the test's output, not in the repository).
  await forYouRow(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('home-for-you-dark.png') });
  await page.evaluate((key) => localStorage.setItem(key, 'light'), STORAGE_KEYS.theme);
  await page.reload();
  await expect(page.getByTestId('for-you-because')).toBeVisible();
  await forYouRow(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('home-for-you-light.png') });

  // Settings: personalised recommendations off, with a finger.
  await page.goto('/settings');
  const toggle = page.getByTestId('setting-privacy-recommendations');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const saved = page.waitForResponse(isSettingsPatch);
  await toggle.scrollIntoViewIfNeeded();
  await tap(page, await pointIn(toggle));
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect((await saved).ok()).toBe(true);

  // Home: no row of the member's own, nothing "because"; the server answers the popular order.
  await page.goto('/');
  await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
  await expect(forYouRow(page)).toHaveCount(0);
  await expect(page.getByText(/Because you watched/)).toHaveCount(0);
  const off = await forYouOf(request, member);
  expect(off.personalised).toBe(false);
  expect(off.items.map((item) => item.drama.id)).toEqual(popular.slice(0, off.items.length).map((item) => item.drama.id));
  expect(off).toEqual(await forYouOf(request));
});
