import {
  API_BASE,
  STORAGE_KEYS,
  apiPaths,
  dramaListResponseSchema,
  hotSearchResponseSchema,
  resumePointResponseSchema,
  searchResponseSchema,
  type Locale,
} from '@drama/contracts';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { stored } from './accounts';
import { expect, test } from './fixtures';
import { dramaDetail, expectPlaying, openAs, signUp } from './player-support';

/*
 * Search against the real server and its seeded catalogue: typing searches as a suggestion,
 * Enter or a history or hot term is a real search, results mark the match, history stays on
 * the device, and an empty answer offers popular dramas instead.
 */

/** The answer the screen should show, asked the way typing asks (a suggestion, not counted). */
async function searchApi(request: APIRequestContext, keyword: string, locale: Locale) {
  const response = await request.get(`${API_BASE}${apiPaths.search()}`, {
    params: { keyword, suggest: 'true' },
    headers: { 'Accept-Language': locale },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return searchResponseSchema.parse(await response.json()).data;
}

/** Every search call the page makes, with its keyword and whether it was a suggestion. */
function recordSearchCalls(page: Page): { keyword: string | null; suggest: string | null }[] {
  const calls: { keyword: string | null; suggest: string | null }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname !== `${API_BASE}${apiPaths.search()}`) return;
    calls.push({ keyword: url.searchParams.get('keyword'), suggest: url.searchParams.get('suggest') });
  });
  return calls;
}

function historyTerms(page: Page) {
  return page.getByTestId('search-history-term');
}

test('typing finds a drama with the match marked, opens it in the player, and the member sees it in history', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await signUp(request);
  const expected = await searchApi(request, 'Witness', 'en-US');
  const hit = expected.items[0]!;
  expect(hit.drama.title).toContain('Witness');
  const drama = await dramaDetail(request, hit.drama.id);
  const first = [...drama.episodes].sort((a, b) => a.sequence - b.sequence)[0]!;

  await openAs(page, { locale: 'en-US', session });
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.fill('Witness');

  // The keyword goes into the URL, so back and refresh keep it.
  await expect(page).toHaveURL(/\/search\?q=Witness$/);
  const result = page.getByTestId('search-result').first();
  await expect(result).toHaveAttribute('data-drama-id', String(hit.drama.id));
  await expect(result.getByTestId('search-result-title')).toHaveText(hit.drama.title);
  await expect(result.getByTestId('search-result-title').getByTestId('search-match')).toHaveText('Witness');
  await expect(page.getByTestId('search-count')).toHaveText(
    expected.total === 1 ? '1 drama found' : `${expected.total} dramas found`,
  );
  await expect(page.getByTestId('search-result')).toHaveCount(expected.items.length);

  await page.reload();
  await expect(input).toHaveValue('Witness');
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-drama-id', String(hit.drama.id));

  // Opening a result plays it and remembers the keyword.
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/player/${hit.drama.id}(\\?|$)`));
  await expectPlaying(page, first.id);
  expect(JSON.parse((await stored(page, STORAGE_KEYS.searchHistory)) ?? '[]')).toEqual(['Witness']);

  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=Witness$/);
  await expect(input).toHaveValue('Witness');
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-drama-id', String(hit.drama.id));

  // The member's watch reached the server; the history page shows the drama at episode 1.
  await expect
    .poll(async () => {
      const response = await request.get(`${API_BASE}${apiPaths.watchRecord(hit.drama.id)}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      return resumePointResponseSchema.parse(await response.json()).data?.episodeId ?? null;
    })
    .toBe(first.id);
  await page.goto('/history');
  const row = page.getByTestId('history-row').filter({ hasText: hit.drama.title });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('history-episode')).toHaveText(`EP 1 / ${drama.episodes.length}`);
});

test('typing asks as a suggestion; Enter, the search button and hot terms search for real', async ({ page }) => {
  const calls = recordSearchCalls(page);
  await openAs(page, { locale: 'en-US' });
  // Other tests search at the same time, so the list is compared with the answer this page got.
  const hotAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `${API_BASE}${apiPaths.hotSearches()}`);
  await page.goto('/search');
  const hot = hotSearchResponseSchema.parse(await (await hotAnswer).json()).data.items;
  expect(hot.length).toBeGreaterThan(0);

  // The hot list, ranked 1..n in the server's order.
  const hotItems = page.getByTestId('hot-search-item');
  await expect(hotItems).toHaveCount(Math.min(10, hot.length));
  await expect(page.getByTestId('hot-search-term')).toHaveText(hot.slice(0, 10).map((item) => item.keyword));
  await expect(page.getByTestId('hot-search-rank')).toHaveText(hot.slice(0, 10).map((_, index) => String(index + 1)));

  const input = page.getByTestId('search-input');
  await input.fill('Dragon');
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-keyword', 'Dragon');
  expect(calls.filter((call) => call.keyword === 'Dragon')).toEqual([{ keyword: 'Dragon', suggest: 'true' }]);

  const submitted = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname.endsWith(apiPaths.search()) && url.searchParams.get('suggest') === 'false';
  });
  await input.press('Enter');
  expect(new URL((await submitted).url()).searchParams.get('keyword')).toBe('Dragon');
  await expect(historyTerms(page)).toHaveCount(0); // the history shows only on the empty screen

  await page.getByTestId('search-clear').click();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(page).toHaveURL(/\/search$/);
  await expect(historyTerms(page)).toHaveText(['Dragon']);

  // The search button with a keyword that was never typed as a suggestion.
  await input.fill('Midnight');
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-keyword', 'Midnight');
  await page.getByTestId('search-submit').click();
  await expect.poll(() => calls.filter((call) => call.keyword === 'Midnight').map((call) => call.suggest)).toEqual([
    'true',
    'false',
  ]);

  await page.getByTestId('search-clear').click();
  const hotTerm = hot[0]!.keyword;
  await page.getByTestId('hot-search-term').first().click();
  await expect(input).toHaveValue(hotTerm);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(hotTerm);
  await expect.poll(() => calls.some((call) => call.keyword === hotTerm && call.suggest === 'false')).toBe(true);
  await expect(page.getByTestId('search-result').first()).toBeVisible();

  // A history term searches again and moves to the top.
  await page.getByTestId('search-clear').click();
  await expect(historyTerms(page)).toHaveText([hotTerm, 'Midnight', 'Dragon']);
  await historyTerms(page).filter({ hasText: 'Dragon' }).click();
  await expect(input).toHaveValue('Dragon');
  await page.getByTestId('search-clear').click();
  await expect(historyTerms(page)).toHaveText(['Dragon', hotTerm, 'Midnight']);
});

test('search history: most recent first, removed one by one, and cleared all after confirming', async ({ page }) => {
  await openAs(page, { locale: 'en-US' });
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  for (const term of ['Contract Wife', 'Reborn', 'Triplets']) {
    await input.fill(term);
    await input.press('Enter');
    await expect(page.getByTestId('search-results')).toHaveAttribute('data-keyword', term);
    await page.getByTestId('search-clear').click();
  }
  // The same term again moves up instead of repeating.
  await input.fill('reborn');
  await input.press('Enter');
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-keyword', 'reborn');
  await page.getByTestId('search-clear').click();
  await expect(historyTerms(page)).toHaveText(['reborn', 'Triplets', 'Contract Wife']);

  await page.getByRole('button', { name: 'Remove "Triplets" from recent searches' }).click();
  await expect(historyTerms(page)).toHaveText(['reborn', 'Contract Wife']);
  expect(JSON.parse((await stored(page, STORAGE_KEYS.searchHistory)) ?? '[]')).toEqual(['reborn', 'Contract Wife']);

  // Kept across a reload, as it lives on the device.
  await page.reload();
  await expect(historyTerms(page)).toHaveText(['reborn', 'Contract Wife']);

  await page.getByTestId('search-history-clear').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Clear search history?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(historyTerms(page)).toHaveCount(2);

  await page.getByTestId('search-history-clear').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('search-history')).toHaveCount(0);
  expect(await stored(page, STORAGE_KEYS.searchHistory)).toBeNull();
  await expect(page.getByTestId('hot-searches')).toBeVisible();
});

test('a Traditional-script query finds the drama in the zh-Hant locale', async ({ page, request }) => {
  const expected = await searchApi(request, '閃婚', 'zh-Hant');
  const hit = expected.items[0]!;
  expect(hit.drama.title).toContain('閃婚');
  await openAs(page, { locale: 'zh-CN', extra: { [STORAGE_KEYS.language]: 'zh-Hant' } });
  await page.goto('/search');
  await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', '搜尋劇名、標籤或劇情');
  await page.getByTestId('search-input').fill('閃婚');
  const result = page.getByTestId('search-result').first();
  await expect(result).toHaveAttribute('data-drama-id', String(hit.drama.id));
  await expect(result.getByTestId('search-result-title')).toHaveText(hit.drama.title);
  await expect(result.getByTestId('search-result-title').getByTestId('search-match')).toHaveText('閃婚');
  await expect(page.getByTestId('search-count')).toHaveText(`共找到${expected.total}部短劇`);
});

test('a Simplified query finds the drama in the zh-CN locale with the match marked, tags and episode count', async ({
  page,
  request,
}) => {
  const expected = await searchApi(request, '总裁', 'zh-CN');
  expect(expected.total).toBeGreaterThan(0);
  await openAs(page, { locale: 'zh-CN' });
  await page.goto('/search?q=总裁');
  await expect(page.getByTestId('search-input')).toHaveValue('总裁');
  const results = page.getByTestId('search-result');
  await expect(results).toHaveCount(expected.items.length);
  for (const [index, hit] of expected.items.entries()) {
    const row = results.nth(index);
    await expect(row).toHaveAttribute('data-drama-id', String(hit.drama.id));
    await expect(row.getByTestId('search-result-meta')).toContainText(`${hit.drama.episodeCount}集`);
    const titleMarks = row.getByTestId('search-result-title').getByTestId('search-match');
    await expect(titleMarks).toHaveCount(hit.titleRanges.length);
    for (const mark of await titleMarks.all()) await expect(mark).toHaveText('总裁');
    const snippetMarks = row.getByTestId('search-result-snippet').getByTestId('search-match');
    await expect(snippetMarks).toHaveCount(hit.snippet?.ranges.length ?? 0);
    for (const mark of await snippetMarks.all()) await expect(mark).toHaveText('总裁');
  }
});

test('a search with no results says so and offers the popular dramas', async ({ page }) => {
  await openAs(page, { locale: 'en-US' });
  await page.goto('/search');
  const popularAnswer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `${API_BASE}${apiPaths.dramas()}` && url.searchParams.get('sort') === 'hot';
  });
  await page.getByTestId('search-input').fill('qqxxzz');
  const popular = dramaListResponseSchema.parse(await (await popularAnswer).json()).data.items;
  expect(popular).toHaveLength(6);
  const empty = page.getByTestId('search-empty');
  await expect(empty).toContainText('No dramas match "qqxxzz"');
  const cards = page.getByTestId('search-popular').getByTestId('drama-card');
  await expect(cards).toHaveCount(popular.length);
  for (const [index, drama] of popular.entries()) {
    await expect(cards.nth(index)).toHaveAttribute('href', `/player/${drama.id}`);
    await expect(cards.nth(index)).toContainText(drama.title.slice(0, 10));
  }
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/player/${popular[0]!.id}`));
});

test('back leaves the search screen for where it was opened from', async ({ page }) => {
  await openAs(page, { locale: 'en-US' });
  await page.goto('/');
  await page.getByTestId('search-entry').click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByTestId('search-input').fill('Dragon');
  await expect(page).toHaveURL(/\/search\?q=Dragon$/);
  await page.getByTestId('search-back').click();
  await expect(page).toHaveURL(/\/$/);
});
