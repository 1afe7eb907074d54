import { API_BASE, apiPaths, feedbackResponseSchema, STORAGE_KEYS, uploadResponseSchema, type Session } from '@drama/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, signInAs } from '../accounts';
import { expect as baseExpect, test } from '../fixtures';
import { paintedPng } from '../images';
import { chooseSetupPassword, DESKTOP, newOperator, PASSWORD, signIn } from './console-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });
// A shared machine under load can take a while to load a page's module: waits, not sleeps.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The member's feedback, sent through the viewers' API, with a painted screenshot when asked. */
async function sendFeedback(request: APIRequestContext, member: Session, content: string, options: { type?: string; screenshot?: boolean } = {}) {
  const auth = { Authorization: `Bearer ${member.token}` };
  const screenshotIds: number[] = [];
  if (options.screenshot) {
    const png = await paintedPng(360, 640, (x, y) => [40 + (x % 180), 90, 120 + (y % 120)]);
    const uploaded = await request.post(`${API_BASE}${apiPaths.uploads()}`, { headers: auth, multipart: { file: { name: 'shot.png', mimeType: 'image/png', buffer: png } } });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    screenshotIds.push(uploadResponseSchema.parse(await uploaded.json()).data.id);
  }
  const response = await request.post(`${API_BASE}${apiPaths.feedback()}`, {
    headers: auth,
    data: { type: options.type ?? 'bug', content, contact: 'reader@example.com', screenshotIds },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return feedbackResponseSchema.parse(await response.json()).data;
}

/** A support operator made with the bootstrap token, signed in through the console's own forms (any locale). */
async function signedInSupport(page: Page, request: APIRequestContext): Promise<string> {
  const agent = await newOperator(request, 'support');
  await page.goto(agent.setupPath);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#passwordRepeat').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page.locator('.ant-result-success')).toBeVisible();
  await page.goto('/console/sign-in');
  await page.locator('#username').fill(agent.username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('operator')).toContainText(agent.username);
  return agent.username;
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
  const entry = page.getByRole('menuitem', { name: /Feedback/ });
  await expect(entry.getByTestId('feedback-nav-badge')).toContainText('1');
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

// Not assertions about pixels: pictures of the inbox and an item for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`feedback inbox screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`feedback-${name}-${theme}-${locale}.png`) });
      const member = await createAccount(request);
      await sendFeedback(request, member, 'I was charged twice for the monthly plan this morning, please check my order.', { type: 'payment' });
      await sendFeedback(request, member, 'Subtitles would be nice in more languages.', { type: 'suggestion' });
      const item = await sendFeedback(request, member, 'The player stops on episode 3 every time I open it.\nIt starts again after a reload.', { screenshot: true });
      await signedInSupport(page, request);

      await page.goto('/console/feedback');
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await shoot('inbox');

      await page.goto(`/console/feedback?item=${item.id}`);
      const drawer = page.getByTestId('feedback-drawer');
      const shot = drawer.getByAltText(locale === 'zh-CN' ? '截图 1' : 'Screenshot 1');
      await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(drawer.locator('.ant-select')).toBeVisible();
      await shoot('detail');
    });
  }
}
