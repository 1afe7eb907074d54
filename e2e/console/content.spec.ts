import { API_BASE, apiPaths, dramaDetailResponseSchema } from '@drama/contracts';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { paintedPng } from '../images';
import { clickControl, expectPlaying, makeVip, openAs, pauseActiveVideo, signUp } from '../player-support';
import { chooseSetupPassword, DESKTOP, newOperator, signIn, totpCode } from './console-support';
import { tinyClips } from './content-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 40[13]/] });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' } as const;

async function asViewer(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext(PHONE);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a content editor publishes a drama with a cover and three episodes, two free; viewers find it and play it, support is refused, the audit log holds each change', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const title = { 'zh-CN': `测试短剧 ${stamp}`, 'zh-Hant': `測試短劇 ${stamp}`, 'en-US': `Console drama ${stamp}` };

  // The owner signs in with two-factor sign-in and makes a content editor.
  const owner = await newOperator(request, 'owner');
  await chooseSetupPassword(page, owner.setupPath);
  await page.goto('/console/account');
  await signIn(page, owner.username);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByLabel('Code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, owner.username, () => totpCode(secret, 1));
  await expect(page.getByTestId('operator')).toContainText(owner.username);

  await page.getByRole('menuitem', { name: 'Operators' }).click();
  await page.getByRole('button', { name: 'New operator' }).click();
  const editorName = `e2e-content-${stamp}`;
  await page.getByRole('dialog').getByLabel('Username').fill(editorName);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const setupUrl = new URL((await page.getByTestId('setup-url').innerText()).trim());
  await page.getByRole('button', { name: 'Close' }).first().click();

  // The editor signs in and makes the drama in three languages.
  const editorContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  const editor = await editorContext.newPage();
  await chooseSetupPassword(editor, setupUrl.pathname + setupUrl.search);
  await editor.getByRole('button', { name: 'Go to sign-in' }).click();
  await signIn(editor, editorName);
  // Every role starts on the dashboard; the editor goes to the dramas from the menu.
  await expect(editor).toHaveURL(/\/console\/dashboard$/);
  await editor.getByRole('menuitem', { name: 'Dramas' }).click();
  await expect(editor).toHaveURL(/\/console\/dramas$/);
  await editor.getByRole('button', { name: 'New drama' }).click();
  for (const [language, text] of Object.entries(title)) {
    await editor.getByTestId(`title-${language}`).fill(text);
    await editor.getByTestId(`description-${language}`).fill(`${text}: a description`);
  }
  await editor.getByRole('button', { name: 'Create the drama' }).click();
  await expect(editor).toHaveURL(/\/console\/dramas\/\d+$/);
  const dramaId = Number(/dramas\/(\d+)/.exec(editor.url())![1]);
  await expect(editor.locator('.page-header h3')).toHaveText(title['en-US']);

  // A cover, framed at 3:4 in the browser.
  const png = await paintedPng(600, 900, (x, y) => [(x * 255) / 600, (y * 255) / 900, 160]);
  await editor.getByTestId('cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  const crop = editor.getByRole('dialog', { name: 'Frame the cover (3:4)' });
  await expect(crop.getByText(/Crop: \d+ × \d+ px/)).toBeVisible();
  await crop.getByRole('button', { name: 'Use this cover' }).click();
  await expect(editor.getByText('Cover saved')).toBeVisible();
  await expect(editor.locator('img.cover-preview')).toBeVisible();

  // Three video files at once, each becoming an episode in order; processing is followed live.
  await editor.getByRole('tab', { name: /Episodes/ }).click();
  // Twelve seconds each: long enough that a player is still playing however late the test looks.
  await editor.locator('.ant-upload input[type=file]').setInputFiles(tinyClips(3, 12));
  const rows = editor.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3, { timeout: 60_000 });
  await expect(rows.filter({ hasText: 'Ready' })).toHaveCount(3, { timeout: 180_000 });
  await expect(rows.nth(0)).toContainText('Published');

  // The first two free.
  await editor.getByTestId('free-count').fill('2');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('2 of 3 free; the rest need VIP.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Free' })).toHaveCount(2);

  // Published, after confirming what viewers will see.
  await editor.getByRole('tab', { name: 'Details' }).click();
  await editor.locator('.ant-radio-button-wrapper').filter({ hasText: 'Published' }).click();
  await editor.getByRole('button', { name: 'Change status' }).click();
  await editor.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(editor.getByText('Status changed')).toBeVisible();
  await expect(editor.locator('.ant-card').filter({ hasText: 'Out since' })).toBeVisible();
  await editorContext.close();

  // A viewer finds it on home and plays episode 1 from its HLS playlist; episode 3 asks for VIP.
  const detail = dramaDetailResponseSchema.parse(
    await (await request.get(`${API_BASE}${apiPaths.drama(dramaId)}`, { headers: { 'Accept-Language': 'en-US' } })).json(),
  ).data;
  expect(detail.episodes.map((episode) => episode.isFree)).toEqual([true, true, false]);
  const [first, , third] = detail.episodes;
  expect(first!.playUrl).toMatch(/\/index\.m3u8/);
  await asViewer(browser, async (viewer) => {
    await openAs(viewer);
    await viewer.goto('/');
    const card = viewer.getByTestId('new-releases').getByTestId('drama-card').filter({ hasText: title['en-US'] });
    await expect(card).toBeVisible();
    await card.click();
    await expect(viewer).toHaveURL(new RegExp(`/player/${dramaId}`));
    await expectPlaying(viewer, first!.id);
    // Left playing, a slow machine could run through both free episodes into the VIP one, whose
    // prompt then covers the controls.
    await pauseActiveVideo(viewer);
    await clickControl(viewer, 'action-episodes');
    await viewer.getByTestId('episode-drawer').getByRole('button', { name: 'Episode 3, VIP' }).click();
    await expect(viewer.getByTestId('vip-prompt').getByTestId('vip-prompt-reason')).toHaveText('This episode needs VIP');
  });
  const vip = await makeVip(request, await signUp(request));
  await asViewer(browser, async (viewer) => {
    await openAs(viewer, { session: vip });
    await viewer.goto(`/player/${dramaId}?episode=${third!.id}`);
    await expectPlaying(viewer, third!.id);
  });

  // A customer service operator is refused the catalogue, in the menu, the page and the call.
  const agent = await newOperator(request, 'support');
  const agentContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  const agentPage = await agentContext.newPage();
  await chooseSetupPassword(agentPage, agent.setupPath);
  await agentPage.goto('/console/dramas');
  await signIn(agentPage, agent.username);
  await expect(agentPage.getByText('Your role may not open this page.')).toBeVisible();
  await expect(agentPage.getByRole('menuitem', { name: 'Dramas' })).toHaveCount(0);
  const refused = await agentPage.request.get(`${API_BASE}/console/dramas`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('OPERATOR_FORBIDDEN');
  await agentContext.close();

  // The owner reads each change in the audit log.
  await page.goto(`/console/audit?targetType=drama&targetId=${dramaId}`);
  // Each action by its label, not its code.
  for (const action of ['Create drama', 'Change drama cover', 'Change free episodes', 'Change drama status']) {
    await expect(page.getByRole('row').filter({ hasText: action }).filter({ hasText: editorName })).toHaveCount(1);
  }
  await page.goto('/console/audit?action=episode.upload');
  await expect(page.getByRole('row').filter({ hasText: editorName }).first()).toBeVisible();
});
