import { readFileSync } from 'node:fs';
import { API_BASE, consoleDramaResponseSchema } from '@drama/contracts';
import { expect, test } from '../fixtures';
import { chooseSetupPassword, DESKTOP, newOperator, signIn } from './console-support';
import { tinyClips } from './content-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test('a file that is not a video fails its processing with the reason and a retry; a good file replaces it; episodes are dragged into another order', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const owner = await newOperator(request, 'owner');
  await chooseSetupPassword(page, owner.setupPath);
  await page.goto('/console/dramas');
  await signIn(page, owner.username);
  await expect(page.locator('.page-header h3')).toHaveText('Dramas');

  // A drama made by the console's own call, with the session's CSRF token.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'console_csrf')!.value;
  const text = `Processing check ${Date.now().toString(36)}`;
  const created = await page.request.post(`${API_BASE}/console/dramas`, {
    headers: { 'X-CSRF-Token': csrf },
    data: { title: { 'zh-CN': text, 'zh-Hant': text, 'en-US': text }, description: { 'zh-CN': text, 'zh-Hant': text, 'en-US': text } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const drama = consoleDramaResponseSchema.parse(await created.json()).data;

  await page.goto(`/console/dramas/${drama.id}?tab=episodes`);
  await expect(page.getByText('No episodes yet: upload video files above.')).toBeVisible();
  const [clip] = tinyClips(1);
  await page.locator('.ant-upload input[type=file]').setInputFiles([
    { name: 'episode-1.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip!) },
    { name: 'not-a-video.mp4', mimeType: 'video/mp4', buffer: Buffer.from('plain text, not a video\n'.repeat(200)) },
  ]);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  // Names in reading order: episode-1.mp4, then not-a-video.mp4.
  const broken = rows.nth(1);
  await expect(broken.getByText('Failed')).toBeVisible({ timeout: 60_000 });
  await expect(broken.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(rows.nth(0)).toContainText('Ready', { timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('content-episodes-failed-light-en-US.png') });

  // Retry runs it again (and it fails again, with its reason).
  await broken.getByRole('button', { name: 'Try again' }).click();
  await expect(broken.getByText('Failed')).toBeVisible({ timeout: 60_000 });

  // Dragged above the first: the order is saved and kept after a reload.
  const from = (await broken.getByRole('button', { name: 'Drag to reorder' }).boundingBox())!;
  const to = (await rows.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 6, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText('Order saved')).toBeVisible();
  await page.reload();
  await expect(rows.nth(0)).toContainText('Failed');
  await expect(rows.nth(1)).toContainText('Ready');

  // A good file replaces the broken one, uploaded and processed in place.
  const chooser = page.waitForEvent('filechooser');
  await rows.nth(0).getByRole('button', { name: 'Replace file' }).click();
  await (await chooser).setFiles({ name: 'episode-1-fixed.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip!) });
  await expect(rows.nth(0)).toContainText('Ready', { timeout: 60_000 });
  await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(0);

  // An episode viewers see is unpublished before it may be deleted; the rest move up.
  await expect(rows.nth(1).getByRole('button', { name: 'Delete episode 2' })).toHaveCount(0);
  await rows.nth(1).getByRole('button', { name: 'Unpublish' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Unpublish' }).click();
  await rows.nth(1).getByRole('button', { name: 'Delete episode 2' }).click();
  await page.locator('.ant-popconfirm').last().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Episode deleted')).toBeVisible();
  await expect(rows).toHaveCount(1);
});
