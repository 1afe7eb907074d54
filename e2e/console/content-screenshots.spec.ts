import { expect, test } from '../fixtures';
import { paintedPng } from '../images';
import { DESKTOP, newOperator, PASSWORD } from './console-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the content screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`content screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const owner = await newOperator(request, 'owner');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`content-${name}-${theme}-${locale}.png`) });
      const settled = async () => {
        await expect(page.locator('.page-header h3')).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
      };

      await page.goto(owner.setupPath);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#passwordRepeat').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.locator('.ant-result-success')).toBeVisible();
      await page.goto('/console/sign-in');
      await page.locator('#username').fill(owner.username);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.getByTestId('operator')).toContainText(owner.username);

      await page.goto('/console/dramas');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await shoot('dramas');

      await page.goto('/console/dramas?status=scheduled&q=nothing-like-this');
      await settled();
      await shoot('dramas-empty');

      await page.goto('/console/dramas/new');
      await settled();
      await shoot('drama-new');

      await page.goto('/console/dramas/1');
      await settled();
      await expect(page.locator('img.cover-preview')).toBeVisible();
      await shoot('drama');
      await page.locator('.ant-radio-button-wrapper').nth(2).click();
      await expect(page.locator('.ant-picker')).toBeVisible();
      await shoot('drama-schedule');

      await page.getByTestId('cover-file').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await paintedPng(800, 800, (x, y) => [(x * 255) / 800, 90, (y * 255) / 800]),
      });
      await expect(page.locator('.cover-cropper img')).toBeVisible();
      await shoot('cover-crop');
      await page.keyboard.press('Escape');

      await page.goto('/console/dramas/1?tab=episodes');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await shoot('episodes');

      await page.goto('/console/categories');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await shoot('terms');

      await page.goto('/console/home-slots');
      await settled();
      await shoot('home-slots');

      // A tablet held sideways: the menu folds to icons, the columns stack.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto('/console/dramas/1');
      await settled();
      await shoot('drama-tablet');
      await page.goto('/console/dramas/1?tab=episodes');
      await settled();
      await shoot('episodes-tablet');
    });
  }
}
