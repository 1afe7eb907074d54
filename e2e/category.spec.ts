import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  categoryListResponseSchema,
  dramaListResponseSchema,
  tagDramasResponseSchema,
  type DramaSort,
} from '@drama/contracts';
import { expect, recordScriptsHolding, test, ZOD_MARK } from './fixtures';

test.use({ locale: 'en-US' });

const HEADERS = { 'Accept-Language': 'en-US' };

async function categories(request: APIRequestContext) {
  const response = await request.get(`${API_BASE}${apiPaths.categories()}`, { headers: HEADERS });
  return categoryListResponseSchema.parse(await response.json()).data.items;
}

/** Every drama of a category (or all), in the server's order. */
async function dramas(request: APIRequestContext, query: { category?: string; sort: DramaSort }) {
  const response = await request.get(`${API_BASE}${apiPaths.dramas()}`, {
    headers: HEADERS,
    params: { ...query, limit: 100 },
  });
  return dramaListResponseSchema.parse(await response.json()).data;
}

function gridTitles(page: Page) {
  return page.getByTestId('drama-grid').getByTestId('drama-card').getByRole('heading');
}

/** Calls of the grid's list, with their query. */
function listCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === `${API_BASE}${apiPaths.dramas()}`) calls.push(url.searchParams);
  });
  return calls;
}

test('switching category and sort changes the grid, and Back keeps the choice', async ({ page, request }) => {
  // It opens the player on the way, which takes its time on a busy machine.
  test.slow();
  const romance = (await categories(request)).find((category) => category.slug === 'romance');
  expect(romance?.dramaCount).toBeGreaterThan(1);
  const hot = await dramas(request, { category: 'romance', sort: 'hot' });
  const latest = await dramas(request, { category: 'romance', sort: 'latest' });

  await page.goto('/category');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  const all = page.getByRole('link', { name: 'All', exact: true });
  await expect(all).toHaveAttribute('aria-current', 'true');
  await expect(gridTitles(page)).toHaveCount(12);

  await page.getByRole('link', { name: romance?.name ?? '', exact: true }).click();
  await expect(page).toHaveURL('/category?category=romance');
  await expect(page.getByRole('link', { name: romance?.name ?? '', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(all).not.toHaveAttribute('aria-current', /.*/);
  await expect(page.getByTestId('category-total')).toHaveText(`${hot.total} dramas`);
  // Hot ranks move as people watch: the same dramas, in whatever order the server has now.
  await expect(gridTitles(page)).toHaveCount(hot.total);
  expect((await gridTitles(page).allTextContents()).sort()).toEqual(hot.items.map((drama) => drama.title).sort());

  await page.getByRole('link', { name: 'Latest', exact: true }).click();
  await expect(page).toHaveURL('/category?category=romance&sort=latest');
  await expect(page.getByRole('link', { name: 'Latest', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(gridTitles(page)).toHaveText(latest.items.map((drama) => drama.title));

  const first = latest.items[0];
  await page.getByTestId('drama-grid').getByTestId('drama-card').first().click();
  // The player adds the episode it opened to the address (a replace) before Back is pressed.
  await expect(page).toHaveURL(new RegExp(`/player/${first?.id}\\?episode=\\d+$`));
  await page.goBack();
  await expect(page).toHaveURL('/category?category=romance&sort=latest');
  await expect(gridTitles(page)).toHaveText(latest.items.map((drama) => drama.title));
  await expect(page.getByRole('link', { name: 'Latest', exact: true })).toHaveAttribute('aria-current', 'true');
});

test('the categories tab loads without zod: its calls check envelopes only', async ({ page }) => {
  const scriptsWithZod = recordScriptsHolding(page, ZOD_MARK);
  await page.goto('/category');
  await expect(gridTitles(page)).toHaveCount(12);
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'true');
  await page.waitForLoadState('networkidle');
  expect(await scriptsWithZod()).toEqual([]);
});

test('scrolling to the bottom loads the next page', async ({ page, request }) => {
  const everything = await dramas(request, { sort: 'hot' });
  expect(everything.total).toBeGreaterThan(12);
  const calls = listCalls(page);

  await page.goto('/category');
  await expect(gridTitles(page).first()).toBeVisible();
  expect(calls[0]?.get('page')).toBe('1');
  expect(calls[0]?.get('limit')).toBe('12');

  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect.poll(() => calls.some((query) => query.get('page') === '2')).toBe(true);
  await expect(gridTitles(page)).toHaveCount(Math.min(everything.total, 24));
  await expect(page.getByTestId('load-more')).toContainText(everything.total > 24 ? 'Load more' : 'You have seen it all');
  // Every drama once, whatever moved between the two pages.
  const titles = await gridTitles(page).allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
});

test('an address with an unknown sort or category still shows something sensible', async ({ page }) => {
  await page.goto('/category?sort=sideways');
  await expect(page.getByRole('link', { name: 'Hot', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(gridTitles(page).first()).toBeVisible();

  await page.goto('/category?category=no-such-category');
  await expect(page.getByText('No dramas here yet')).toBeVisible();
  await page.getByRole('link', { name: 'See all dramas' }).click();
  await expect(page).toHaveURL('/category');
  await expect(gridTitles(page).first()).toBeVisible();
});

test.describe('tag pages', () => {
  test('a tag chip on home opens the tag, named in its language, with its dramas', async ({ page, request }) => {
    const response = await request.get(`${API_BASE}${apiPaths.dramasByTag('ceo')}`, { headers: HEADERS, params: { limit: 100 } });
    const tag = tagDramasResponseSchema.parse(await response.json()).data;
    expect(tag.tag?.name).toBe('CEO');
    expect(tag.total).toBeGreaterThan(0);

    await page.goto('/');
    await page.getByTestId('tag-chips').getByRole('link', { name: /^CEO\b/ }).click();
    await expect(page).toHaveURL('/dramas/tag/ceo');
    await expect(page.getByRole('heading', { name: '#CEO', level: 1 })).toBeVisible();
    await expect(page.getByTestId('tag-name')).toHaveText('CEO');
    await expect(gridTitles(page)).toHaveCount(tag.total);
    expect((await gridTitles(page).allTextContents()).sort()).toEqual(tag.items.map((drama) => drama.title).sort());

    await page.getByRole('link', { name: 'Latest', exact: true }).click();
    await expect(page).toHaveURL('/dramas/tag/ceo?sort=latest');
    await expect(gridTitles(page)).toHaveCount(tag.total);

    // The Chinese name finds the same tag.
    await page.goto(`/dramas/tag/${encodeURIComponent('霸道总裁')}`);
    await expect(page.getByTestId('tag-name')).toHaveText('CEO');
    await expect(gridTitles(page)).toHaveCount(tag.total);
  });

  test('an unknown tag is an empty state with a way on, not an error', async ({ page }) => {
    await page.goto('/dramas/tag/no-such-tag');
    await expect(page.getByText('Tag not found')).toBeVisible();
    await expect(page.getByText('No dramas carry the tag “no-such-tag”.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse categories' }).click();
    await expect(page).toHaveURL('/category');

    await page.goto(`/dramas/tag/${'x'.repeat(80)}`);
    await expect(page.getByText('Tag not found')).toBeVisible();
  });
});

test.describe('loading failures', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  const LIST = new RegExp(`${API_BASE}/client/dramas\\?`);
  const FAILURE = { status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: 'boom' } };

  test('a failed load is retried, saying which attempt is running', async ({ page }) => {
    let seen = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(LIST, async (route) => {
      // The next page may follow at once on a tall screen; only the first page is counted.
      if (new URL(route.request().url()).searchParams.get('page') !== '1') return route.fallback();
      seen += 1;
      if (seen === 1) return route.fulfill(FAILURE);
      if (seen === 2) await released;
      return route.fallback();
    });

    await page.goto('/category');
    const notice = page.getByTestId('load-retrying');
    await expect(notice).toHaveText('Loading failed, retrying (attempt 2)…');
    await expect(page.getByTestId('drama-grid-skeleton')).toBeVisible();
    release();
    await expect(gridTitles(page)).toHaveCount(12);
    await expect(notice).toHaveCount(0);
    expect(seen).toBe(2);
  });

  test('after the last retry an error offers to try again', async ({ page }) => {
    let failing = true;
    let seen = 0;
    await page.route(LIST, async (route) => {
      seen += 1;
      return failing ? route.fulfill(FAILURE) : route.fallback();
    });

    await page.goto('/category');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Server error, please try again later');
    // The first try and two retries (spec section 9), each asked once.
    expect(seen).toBe(3);

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(gridTitles(page)).toHaveCount(12);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a failed next page keeps the first one and can be tried again', async ({ page }) => {
    let failing = true;
    await page.route(LIST, async (route) => {
      const pageNo = new URL(route.request().url()).searchParams.get('page');
      return failing && pageNo === '2' ? route.fulfill(FAILURE) : route.fallback();
    });

    await page.goto('/category');
    await expect(gridTitles(page)).toHaveCount(12);
    await page.getByTestId('load-more').scrollIntoViewIfNeeded();
    const alert = page.getByTestId('load-more').getByRole('alert');
    await expect(alert).toContainText('Server error, please try again later');
    await expect(gridTitles(page)).toHaveCount(12);

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(gridTitles(page)).not.toHaveCount(12);
    await expect(page.getByTestId('load-more').getByRole('alert')).toHaveCount(0);
  });
});
