import { API_BASE } from '@drama/contracts';
import { expect, test } from './fixtures';

test.use({ locale: 'en-US', allowedConsoleErrors: [/status of 500/] });

test('home says once that nothing could load, and recovers on retry', async ({ page }) => {
  let failing = true;
  await page.route(`**${API_BASE}/client/dramas**`, async (route) => {
    if (!failing) return route.fallback();
    return route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: 'boom' } });
  });
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Server error, please try again later');

  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
});

test('a row that fails on its own offers its own retry', async ({ page }) => {
  let failing = true;
  await page.route(`**${API_BASE}/client/tags`, async (route) => {
    if (!failing) return route.fallback();
    return route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: 'boom' } });
  });
  await page.goto('/');
  const tags = page.getByTestId('tag-chips');
  await expect(tags.getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
  failing = false;
  await tags.getByRole('button', { name: 'Try again' }).click();
  await expect(tags.getByRole('link').first()).toBeVisible();
});
