import { paywallSeenResponseSchema, STORAGE_KEYS } from '@drama/contracts';
import { signInAs } from '../accounts';
import { expect, test } from '../fixtures';
import { generateViewing } from './analytics-support';
import { chooseSetupPassword, DESKTOP, newOperator, signIn } from './console-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test('a content operator reads a drama’s funnel after generated viewing and the day’s aggregation', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  // One member meets the paywall in the app itself: asked for the locked episode, the player
  // plays the first free one with the locked one's chip, never asking for its address, and
  // reports the hit.
  const { drama, funnel } = await generateViewing(request, async (member, target) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    try {
      const viewer = await phone.newPage();
      await signInAs(viewer, member, { [STORAGE_KEYS.language]: 'en-US' });
      const reported = viewer.waitForResponse((response) => response.url().endsWith(`/episodes/${target.locked}/paywall`) && response.request().method() === 'POST');
      await viewer.goto(`/player/${target.id}?episode=${target.locked}`);
      await expect(viewer.getByTestId('unlock-chip')).toBeVisible({ timeout: 30_000 });
      const answer = await reported;
      expect(answer.status()).toBe(200);
      expect(paywallSeenResponseSchema.parse(await answer.json()).data.recorded).toBe(true);
    } finally {
      await phone.close();
    }
  });
  // The aggregation counted what the members did (other runs on this server may have added more).
  const first = funnel.episodes[0];
  expect(first?.viewers).toBeGreaterThanOrEqual(3);
  expect(funnel.paywall?.members).toBeGreaterThanOrEqual(3);
  expect(funnel.paywall?.buyers).toBeGreaterThanOrEqual(1);

  const editor = await newOperator(request, 'content');
  await chooseSetupPassword(page, editor.setupPath);
  await page.goto('/console/sign-in');
  await signIn(page, editor.username);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
  // Content sees viewing figures, never money.
  await expect(page.getByText('Money figures are shown to finance and owners.')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Drama funnels' }).click();
  await expect(page).toHaveURL(/\/console\/funnel$/);
  // Sorted by paywall hits, most first: the drama is listed; its name opens its funnel.
  await page.getByRole('columnheader', { name: 'Paywall hits' }).click();
  await expect(page).toHaveURL(/sort=paywallHits/);
  await page.getByRole('link', { name: drama.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/console/funnel/${drama.id}`));
  await expect(page.locator('.page-header h3')).toHaveText(drama.title);

  await expect(page.getByTestId('funnel-chart').locator('svg.recharts-surface[role="application"]')).toBeVisible({ timeout: 30_000 });
  const paywall = page.getByTestId('paywall-card');
  await expect(paywall).toContainText(`The paywall: episode ${funnel.paywall?.sequence}`);
  await page.locator('.ant-segmented-item', { hasText: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(paywall.locator('.ant-descriptions-row', { hasText: 'Members refused' })).toContainText(String(funnel.paywall?.members));
  await expect(paywall.locator('.ant-descriptions-row', { hasText: 'Bought within a day' })).toContainText(String(funnel.paywall?.buyers));

  // The chart reads as a table too: episode 1's viewers as the server counted them.
  await page.locator('.ant-segmented-item', { hasText: 'Table' }).click();
  const row = page.locator('.ant-table-row', { hasText: 'EP 1' }).first();
  await expect(row).toContainText(String(first?.viewers));
});
