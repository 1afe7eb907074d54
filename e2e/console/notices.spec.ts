import { API_BASE, apiPaths, noticeListResponseSchema, noticeUnreadResponseSchema } from '@drama/contracts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createAccount, type TestAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { clickControl, dramaDetail, expectPlaying, openAs } from '../player-support';
import { pointIn, tap, tapToOpen } from '../touch';
import { chooseSetupPassword, DESKTOP, newOperator, signIn } from './console-support';

/**
 * The notification centre end to end: a member on a phone favourites a drama, an operator on a
 * desktop publishes an episode of it in the console, and the member's bell says so; a tap on the
 * bell and on the notice opens the player on that episode. With "updates" off, the next publish
 * of a favourited drama tells the member nothing.
 */

test.use({ locale: 'en-US' });

async function unread(request: APIRequestContext, member: TestAccount): Promise<number> {
  const response = await request.get(`${API_BASE}${apiPaths.noticesUnread()}`, { headers: { Authorization: `Bearer ${member.token}` } });
  return noticeUnreadResponseSchema.parse(await response.json()).data.unread;
}

async function notices(request: APIRequestContext, member: TestAccount) {
  const response = await request.get(`${API_BASE}${apiPaths.notices()}`, { headers: { Authorization: `Bearer ${member.token}` } });
  return noticeListResponseSchema.parse(await response.json()).data;
}

/** The operator's desktop, signed in to the console as a content operator. */
async function operatorDesk(browser: Browser, request: APIRequestContext): Promise<{ desk: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  const desk = await context.newPage();
  const operator = await newOperator(request, 'content');
  await chooseSetupPassword(desk, operator.setupPath);
  await desk.goto('/console/dramas');
  await signIn(desk, operator.username);
  await expect(desk.locator('.page-header h3')).toHaveText('Dramas');
  return { desk, close: () => context.close() };
}

/** The button's name (after its icon's): exactly this action, so Publish is not Unpublish. */
const actionName = (action: 'Publish' | 'Unpublish') => new RegExp(`(^|\\s)${action}$`);

/**
 * In the console: the drama's second episode, unpublished or published by its row's button.
 * `whenNeeded`: nothing is done when it already is (an earlier attempt of the test left it so).
 */
async function setSecondEpisode(desk: Page, dramaId: number, action: 'Publish' | 'Unpublish', whenNeeded = false): Promise<void> {
  await desk.goto(`/console/dramas/${dramaId}?tab=episodes`);
  const row = desk.locator('.ant-table-tbody tr.ant-table-row').nth(1);
  if (whenNeeded) {
    await expect(row.getByRole('button', { name: /(^|\s)(Publish|Unpublish)$/ })).toBeVisible({ timeout: 20_000 });
    if (await row.getByRole('button', { name: actionName(action === 'Publish' ? 'Unpublish' : 'Publish') }).isVisible()) return;
  }
  const saved = desk.waitForResponse((response) => /\/console\/episodes\/\d+\/status$/.test(response.url()) && response.request().method() === 'PUT');
  await row.getByRole('button', { name: actionName(action) }).click({ timeout: 20_000 });
  if (action === 'Unpublish') await desk.locator('.ant-popconfirm').getByRole('button', { name: 'Unpublish' }).click();
  expect((await saved).status()).toBe(200);
  await expect(row.getByRole('button', { name: actionName(action === 'Publish' ? 'Unpublish' : 'Publish') })).toBeVisible();
}

/** A finger on `target`, brought into view first. */
async function tapOn(page: Page, target: ReturnType<Page['getByTestId']>): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await tap(page, await pointIn(target));
}

test('a publish of a favourited drama rings the bell, the notice opens the episode; with updates off the next publish tells nothing', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const [followed, second] = await Promise.all([dramaDetail(request, 2), dramaDetail(request, 3)]);
  const episode = followed.episodes[1]!;
  const member = await createAccount(request);
  const { desk, close } = await operatorDesk(browser, request);
  try {
    // An episode of each is taken back first, so publishing it again is news.
    await setSecondEpisode(desk, followed.id, 'Unpublish', true);
    await setSecondEpisode(desk, second.id, 'Unpublish', true);

    // The member, on a phone, favourites the drama in the player; no bell rings yet.
    await openAs(page, { session: member });
    await page.goto(`/player/${followed.id}?episode=${followed.episodes[0]!.id}`);
    await expectPlaying(page, followed.episodes[0]!.id);
    const favourited = page.waitForResponse((response) => response.url().endsWith(apiPaths.favorite(followed.id)) && response.request().method() === 'POST');
    await clickControl(page, 'action-favorite');
    expect((await favourited).ok()).toBe(true);
    // The second drama is favourited too, for the part with updates off.
    const added = await request.post(`${API_BASE}${apiPaths.favorite(second.id)}`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(added.ok()).toBe(true);
    await page.goto('/');
    await expect(page.getByTestId('notice-bell')).toBeVisible();
    await expect(page.getByTestId('notice-badge')).toHaveCount(0);

    // The operator publishes the episode in the console.
    await setSecondEpisode(desk, followed.id, 'Publish');

    // The member's bell shows 1 (the app asks again when it comes back to the front).
    await page.reload();
    await expect(page.getByTestId('notice-badge')).toHaveText('1');
    await expect(page.getByTestId('notice-bell')).toHaveAccessibleName('Notifications, 1 unread');

    // A tap on the bell opens the centre; the notice is unread and marked read once seen.
    await tapToOpen(page, page.getByTestId('notice-bell'), page.getByTestId('notices-page'));
    const row = page.getByTestId('notice-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row).toContainText(followed.title);
    await expect(row).toContainText(`Episode ${episode.sequence} is out`);
    await expect.poll(() => unread(request, member)).toBe(0);

    // A tap on the notice opens the player on that episode.
    await tapOn(page, row);
    await expect(page).toHaveURL(new RegExp(`/player/${followed.id}\\?episode=${episode.id}$`));
    await expectPlaying(page, episode.id);

    // Updates off, by touch in settings.
    await page.goto('/settings');
    const updates = page.getByTestId('setting-notifications-updates');
    await expect(updates).toHaveAttribute('aria-checked', 'true');
    const saved = page.waitForResponse((response) => response.url().endsWith(apiPaths.userSettings()) && response.request().method() === 'PATCH');
    await tapOn(page, updates);
    await expect(updates).toHaveAttribute('aria-checked', 'false');
    expect((await saved).ok()).toBe(true);

    // Another favourited drama gets a new episode: nothing reaches the member.
    await setSecondEpisode(desk, second.id, 'Publish');
    await page.goto('/');
    await expect(page.getByTestId('notice-bell')).toBeVisible();
    await expect(page.getByTestId('notice-badge')).toHaveCount(0);
    expect(await unread(request, member)).toBe(0);
    const list = await notices(request, member);
    expect(list.total).toBe(1);
    expect(list.items[0]!.values).toMatchObject({ dramaId: followed.id, episodeId: episode.id });
  } finally {
    await close();
  }
});
