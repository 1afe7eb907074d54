import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS, type Task, type TaskList } from '@drama/contracts';
import { createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';
import { paintedPng } from './images';

// Not assertions about pixels: profile editing, the tasks, the Follow us sheet and the store for people to
// look at (test-results/), at the phone size, in both themes and two languages.

/** A portrait-like picture: a warm disc on a cool background, so the round crop shows. */
function makePhoto(): Promise<Buffer> {
  return paintedPng(480, 640, (x, y) => ((x - 240) ** 2 + (y - 280) ** 2 < 150 ** 2 ? [245, 180, 120] : [40 + (y >> 3), 90, 160]));
}

/**
 * The server's task list as if an operator had set an official account: the setting is shared
 * by the whole server, and other tests run beside this one.
 */
async function withFollowTarget(page: Page): Promise<void> {
  await page.route('**/api/v1/client/points/tasks', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { success: true; data: TaskList };
    const follow: Task = { type: 'followUs', category: 'newbie', status: 'not_started', progress: 0, target: 1, rewardPoints: 20 };
    const items = body.data.items.filter((task) => task.type !== 'followUs');
    items.splice(items.findIndex((task) => task.type === 'inviteFriends'), 0, follow);
    body.data = { ...body.data, items, follow: { link: 'https://social.example/starriver', qrImage: null, opened: false } };
    await route.fulfill({ response, json: body });
  });
}

async function settled(sheet: Locator): Promise<void> {
  await expect(sheet).toBeVisible();
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

for (const theme of ['dark', 'light'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`profile editing, tasks and Follow us, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.slow();
      const shot = (what: string) => page.screenshot({ path: testInfo.outputPath(`profile-${what}-${theme}-${locale}.png`) });
      const account = await createAccount(request);
      await signInAs(page, account, { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale });
      await withFollowTarget(page);

      await page.goto('/profile/edit');
      await expect(page.getByTestId('profile-edit-page')).toBeVisible();
      await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePhoto() });
      const cropper = page.getByTestId('avatar-cropper');
      await expect(cropper.locator('img')).toBeVisible();
      await cropper.getByTestId('avatar-zoom').fill('1.4');
      await shot('crop');
      await cropper.getByTestId('avatar-crop-confirm').tap();
      await page.getByTestId('nickname-input').fill(locale === 'zh-CN' ? '追剧小能手' : 'Drama Owl');
      await shot('edit');
      await page.getByTestId('profile-edit-page').getByRole('button', { name: locale === 'zh-CN' ? '保存' : 'Save' }).tap();
      await expect(page).toHaveURL('/profile');
      const avatar = page.getByTestId('profile-avatar-image');
      await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
      await shot('profile');

      await page.goto('/points/tasks');
      await expect(page.locator('[data-testid="task-row"][data-task="completeProfile"]')).toHaveAttribute('data-status', 'completed');
      await shot('tasks');
      await page.locator('[data-testid="task-row"][data-task="followUs"]').getByTestId('task-button').tap();
      const sheet = page.getByRole('dialog');
      await settled(sheet);
      await expect(sheet.getByTestId('follow-qr-code')).toBeVisible();
      await shot('follow');

      // With no points, every exchange says how many more it needs.
      await page.goto('/points/mall');
      await expect(page.getByTestId('mall-exchange').first()).toBeDisabled();
      await shot('mall');
    });
  }
}
