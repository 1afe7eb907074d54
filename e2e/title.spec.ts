import { systemSettings } from './api';
import { expect, test } from './fixtures';

test.describe('document title', () => {
  test.use({ locale: 'en-US' });

  test('follows the route, with the site name from system settings', async ({ page, request }) => {
    const { siteName } = await systemSettings(request);
    await page.goto('/');
    await expect(page).toHaveTitle(siteName);

    await page.getByTestId('tab-category').click();
    await expect(page).toHaveTitle(`Categories - ${siteName}`);

    await page.goto('/legal/privacy');
    await expect(page).toHaveTitle(`Privacy policy - ${siteName}`);

    await page.goto('/points/tasks');
    await expect(page).toHaveTitle(`Sign in - ${siteName}`);
  });
});

test.describe('document title in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('is translated', async ({ page, request }) => {
    const { siteName } = await systemSettings(request, 'zh-CN');
    await page.goto('/explore');
    await expect(page).toHaveTitle(`发现 - ${siteName}`);
  });
});
