import { PRODUCT_NAMES } from '@drama/contracts';
import { expect, test } from './fixtures';

// The product's name is written in the reader's language: titles, headers, the sign-in and
// sign-up pages and the legal texts' {platformName} (the demo keeps the product's own name).

test.describe('the app’s name in English', () => {
  test.use({ locale: 'en-US' });

  test('titles, the header, sign-in, sign-up and the privacy policy say Starriver Shorts', async ({ page }) => {
    const name = PRODUCT_NAMES['en-US'];
    expect(name).toBe('Starriver Shorts');
    await page.goto('/');
    await expect(page).toHaveTitle(name);
    await expect(page.getByTestId('site-name')).toHaveText(name);

    await page.getByTestId('tab-category').click();
    await expect(page).toHaveTitle(`Categories - ${name}`);

    await page.goto('/auth/sign-in');
    await expect(page.getByTestId('site-name')).toHaveText(name);
    await expect(page).toHaveTitle(`Sign in - ${name}`);
    await page.goto('/auth/sign-up');
    await expect(page.getByTestId('site-name')).toHaveText(name);

    await page.goto('/legal/privacy');
    const article = page.getByTestId('legal-text');
    await expect(article.locator('p').first()).toHaveText(/^Starriver Shorts takes the protection/);
    await expect(article).not.toContainText(PRODUCT_NAMES['zh-CN']);
  });
});

test.describe('the app’s name in Traditional Chinese', () => {
  test.use({ locale: 'zh-Hant' });

  test('titles and the header say 星河短劇, never the Simplified 星河短剧', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('星河短劇');
    await expect(page.getByTestId('site-name')).toHaveText('星河短劇');
    await page.getByTestId('tab-category').click();
    await expect(page).toHaveTitle('分類 - 星河短劇');
    await page.goto('/legal/agreement');
    await expect(page.getByTestId('legal-text').locator('p').first()).toContainText('歡迎使用星河短劇');
  });
});
