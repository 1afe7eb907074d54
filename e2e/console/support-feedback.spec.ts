import { consoleFeedbackPaths, feedbackCountResponseSchema, STORAGE_KEYS } from '@drama/contracts';
import type { Page } from '@playwright/test';
import { createAccount, signInAs } from '../accounts';
import { expect as baseExpect, test } from '../fixtures';
import { chooseSetupPassword, DESKTOP, newOperator, signIn } from './console-support';
import { sendFeedback } from './feedback-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });
// A shared machine under load can take a while to load a page's module: waits, not sleeps.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The unanswered count as the console's own call gives it to the signed-in operator. */
async function unansweredCount(page: Page): Promise<number> {
  const response = await page.request.get(`/api/v1/console${consoleFeedbackPaths.count()}`);
  expect(response.ok(), await response.text()).toBe(true);
  return feedbackCountResponseSchema.parse(await response.json()).data.unanswered;
}

/** What antd's badge prints for a count (it caps at 99+). */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

test('a member sends feedback, support answers it in the console, and the member reads the answer in the app', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const member = await createAccount(request);
  const text = `The player stops on episode 3 (${Date.now().toString(36)}).`;
  const item = await sendFeedback(request, member, text, { screenshot: true });

  const agent = await newOperator(request, 'support');
  await chooseSetupPassword(page, agent.setupPath);
  await page.goto('/console/feedback');
  await signIn(page, agent.username);

  // The menu says there is something to answer; the open filter finds the item.
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  // Viewer journeys before this one left their own feedback open: the badge shows the
  // server's unanswered count, which includes this item and drops by one once it is answered.
  const unanswered = await unansweredCount(page);
  expect(unanswered).toBeGreaterThanOrEqual(1);
  const entry = page.getByRole('menuitem', { name: /Feedback/ });
  await expect(entry.getByTestId('feedback-nav-badge')).toHaveText(badgeText(unanswered));
  await page.getByLabel('Status').click();
  await page.getByTitle('Open', { exact: true }).click();
  await expect(page).toHaveURL(/status=pending/);
  const row = page.locator('.ant-table-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await row.click();

  const drawer = page.getByTestId('feedback-drawer');
  await expect(drawer.getByTestId('feedback-content')).toHaveText(text);
  await expect(drawer.getByTestId('feedback-member')).toContainText(member.username);
  await expect(drawer.getByText('reader@example.com')).toBeVisible();
  const shot = drawer.getByAltText('Screenshot 1');
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The screenshot opens full size in the preview.
  await shot.click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview-img')).toHaveCount(0);

  const answer = 'Thanks! Update the app to 2.3 and the player keeps going.';
  await page.getByLabel('Your answer').fill(answer);
  await page.getByRole('button', { name: 'Send the answer' }).click();
  await expect(drawer.getByTestId('feedback-reply')).toContainText(answer);
  await expect(drawer.locator('[data-status=replied]')).toBeVisible();
  await expect(drawer.getByTestId('feedback-assignee')).toContainText(agent.username);
  await expect(page).toHaveURL(new RegExp(`item=${item.id}`));
  if (unanswered > 1) await expect(entry.getByTestId('feedback-nav-badge')).toHaveText(badgeText(unanswered - 1));
  else await expect(entry.getByTestId('feedback-nav-badge')).toHaveCount(0);

  // The member opens the app and reads the answer.
  const viewerContext = await browser.newContext({ locale: 'en-US' });
  const viewer = await viewerContext.newPage();
  try {
    await signInAs(viewer, member, { [STORAGE_KEYS.language]: 'en-US' });
    await viewer.goto('/feedback/history');
    const history = viewer.getByTestId('feedback-row').filter({ hasText: text });
    await expect(history.getByTestId('feedback-status')).toHaveAttribute('data-status', 'replied');
    await history.click();
    await expect(viewer.locator('[data-testid=feedback-reply][data-author=support]')).toContainText(answer);
  } finally {
    await viewerContext.close();
  }
});
