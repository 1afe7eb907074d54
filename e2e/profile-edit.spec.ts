import type { APIRequestContext, Page } from '@playwright/test';
import { API_BASE, apiPaths, taskListResponseSchema } from '@drama/contracts';
import { operatorHeaders, createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';
import { paintedPng } from './images';

test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

/** A real photo-sized PNG made here: two colours side by side, so the crop has something to frame. */
function makePhoto(): Promise<Buffer> {
  return paintedPng(600, 400, (x) => (x < 300 ? [230, 40, 90] : [30, 140, 220]));
}

async function setFollowTarget(request: APIRequestContext, link: string): Promise<void> {
  const response = await request.patch(`${API_BASE}${apiPaths.consoleSettings()}`, { headers: await operatorHeaders(request), data: { followUsLink: link } });
  expect(response.ok(), await response.text()).toBe(true);
}

const row = (page: Page, type: string) => page.locator(`[data-testid="task-row"][data-task="${type}"]`);

test('a member edits the profile: picks a photo, crops it, names themself, and the profile task pays', async ({ page, request }) => {
  test.slow();
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText(account.username);
  await page.getByTestId('profile-edit-link').tap();
  await expect(page).toHaveURL('/profile/edit');

  // Pick a photo: the cropper opens over the page, and what the round frame holds is kept.
  await page.getByTestId('avatar-input').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: await makePhoto() });
  const cropper = page.getByTestId('avatar-cropper');
  await expect(cropper).toBeVisible();
  await cropper.getByTestId('avatar-zoom').fill('2');
  await cropper.getByTestId('avatar-crop-confirm').tap();
  await expect(cropper).toBeHidden();
  await expect(page.getByTestId('avatar-preview')).toHaveAttribute('src', /^blob:/);

  // A nickname with control characters is refused by the same rule the server applies.
  const nickname = page.getByTestId('nickname-input');
  await nickname.fill('a\u202Eb');
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByTestId('field-error')).toHaveText('A nickname cannot contain line breaks or invisible characters');
  await nickname.fill('  Drama Owl  ');
  await page.getByRole('button', { name: 'Save' }).tap();

  await expect(page).toHaveURL('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText('Drama Owl');
  const avatar = page.getByTestId('profile-avatar-image');
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

  await page.getByTestId('points-tasks-link').tap();
  const task = row(page, 'completeProfile');
  await expect(task).toHaveAttribute('data-status', 'completed');
  await expect(task.getByTestId('task-progress')).toHaveText('2/2');
  await task.getByRole('button', { name: 'Claim' }).tap();
  await expect(task).toHaveAttribute('data-status', 'received');
  await expect(page.getByTestId('tasks-balance')).toHaveText('30');
});

test('the complete-profile task leads to profile editing, and the reset time says whose midnight it is', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/points/tasks');
  const reset = page.getByTestId('tasks-reset');
  await expect(reset).toContainText('Daily tasks reset at 00:00 China Standard Time');
  const berlin = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Berlin' });
  const answer = await request.get(`${API_BASE}${apiPaths.tasks()}`, { headers: { Authorization: `Bearer ${account.token}` } });
  const { resetsAt } = taskListResponseSchema.parse(await answer.json()).data;
  await expect(page.getByTestId('tasks-reset-local')).toHaveText(`(${berlin.format(new Date(resetsAt))} your time)`);

  await row(page, 'completeProfile').getByRole('button', { name: 'Go' }).tap();
  await expect(page).toHaveURL('/profile/edit');
});

test.describe('Follow us', () => {
  // One setting for the whole server: these run one after the other and put it back.
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async ({ request }) => {
    await setFollowTarget(request, '');
  });

  test('is not listed while the operator has set nowhere to follow', async ({ page, request }) => {
    await setFollowTarget(request, '');
    const account = await createAccount(request);
    await signInAs(page, account);
    await page.goto('/points/tasks');
    await expect(row(page, 'inviteFriends')).toBeVisible();
    await expect(row(page, 'followUs')).toHaveCount(0);
  });

  test('with an official account set: open it, then Done counts, and the points are credited', async ({ page, request, context }) => {
    await setFollowTarget(request, 'https://social.example/starriver');
    await context.route('https://social.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Starriver</title>' }));
    const account = await createAccount(request);
    await signInAs(page, account);
    await page.goto('/points/tasks');
    await row(page, 'followUs').getByRole('button', { name: 'Go' }).tap();

    const sheet = page.getByTestId('follow-sheet');
    await expect(sheet.getByTestId('follow-qr-code')).toBeVisible();
    const done = sheet.getByTestId('follow-done');
    await expect(done).toBeDisabled();
    await expect(sheet.getByTestId('follow-open-first')).toBeVisible();

    const popup = context.waitForEvent('page');
    await sheet.getByTestId('follow-open-link').tap();
    const opened = await popup;
    await expect(opened).toHaveURL('https://social.example/starriver');
    await opened.close();

    await expect(done).toBeEnabled();
    await done.tap();
    await expect(sheet).toBeHidden();
    const task = row(page, 'followUs');
    await expect(task).toHaveAttribute('data-status', 'completed');
    await task.getByRole('button', { name: 'Claim' }).tap();
    await expect(task).toHaveAttribute('data-status', 'received');
    await expect(page.getByTestId('tasks-balance')).toHaveText('20');
  });
});
