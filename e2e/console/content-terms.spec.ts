import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { chooseSetupPassword, DESKTOP, newOperator, signIn } from './console-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 40[19]/] });

/** Drags a row by its grip onto another row, with the mouse, in small steps as a hand would. */
async function dragRow(page: Page, row: Locator, onto: Locator): Promise<void> {
  const from = (await row.getByRole('button', { name: 'Drag to reorder' }).boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 6, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('categories are made, renamed, reordered by dragging and deleted when unused; the home carousel is reordered by dragging', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const owner = await newOperator(request, 'owner');
  await chooseSetupPassword(page, owner.setupPath);
  await page.goto('/console/categories');
  await signIn(page, owner.username);

  const categories = page.locator('.ant-card').filter({ hasText: 'Categories' }).first();
  const rows = categories.locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await categories.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('term-name-zh-CN').fill(`测试${stamp}`);
  await dialog.getByTestId('term-name-zh-Hant').fill(`測試${stamp}`);
  await dialog.getByTestId('term-name-en-US').fill(`Trial ${stamp}`);
  await dialog.getByTestId('term-slug').fill(`trial-${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const mine = rows.filter({ hasText: `trial-${stamp}` });
  await expect(mine).toContainText(`Trial ${stamp}`);
  await expect(rows.last()).toContainText(`trial-${stamp}`);

  await mine.getByRole('button', { name: 'Rename' }).click();
  await dialog.getByTestId('term-name-en-US').fill(`Renamed ${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText(`Renamed ${stamp}`);

  // Dragged to the top, kept after a reload.
  await dragRow(page, mine, rows.first());
  await expect(page.getByText('Order saved')).toBeVisible();
  await page.reload();
  await expect(rows.first()).toContainText(`trial-${stamp}`);

  // A category in use is refused with the server's reason; an unused one goes. Not a trial
  // category: one left by an earlier attempt of this test would be unused, and deleted.
  const used = rows.filter({ hasNotText: 'trial-' }).first();
  await used.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Dramas still use this category.')).toBeVisible();
  await mine.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').last().getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toHaveCount(0);

  // The carousel: the second banner dragged first and saved, then put back.
  await page.getByRole('menuitem', { name: 'Home slots' }).click();
  const slots = page.locator('tr.ant-table-row');
  await expect(slots.nth(1)).toBeVisible();
  const firstTitle = (await slots.nth(0).locator('a').innerText()).trim();
  const secondTitle = (await slots.nth(1).locator('a').innerText()).trim();
  await dragRow(page, slots.nth(1), slots.nth(0));
  await expect(slots.nth(0)).toContainText(secondTitle);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Home slots saved: viewers see them now')).toBeVisible();
  await page.reload();
  await expect(slots.nth(0)).toContainText(secondTitle);
  await dragRow(page, slots.nth(1), slots.nth(0));
  await expect(slots.nth(0)).toContainText(firstTitle);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
});
