import { API_BASE, apiPaths, feedbackResponseSchema, uploadResponseSchema, type Session } from '@drama/contracts';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { paintedPng } from '../images';
import { newOperator, PASSWORD } from './console-support';

// A shared machine under load can take a while to load a page's module: waits, not sleeps.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The member's feedback, sent through the viewers' API, with a painted screenshot when asked. */
export async function sendFeedback(request: APIRequestContext, member: Session, content: string, options: { type?: string; screenshot?: boolean } = {}) {
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
export async function signedInSupport(page: Page, request: APIRequestContext): Promise<string> {
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

