import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { systemSettings } from './api';
import { expect, openPreferences, test } from './fixtures';
import { activeVideo, dramaDetail, expectPlaying, openAs } from './player-support';

// What a viewer reads should be in the interface's language (DESIGN.md section 4): the legal
// texts come from the settings of that locale, and subtitles start in it.

const HAN = /[\u4e00-\u9fff]/;

/** The text apart from the site's name, which is one for every language (a Chinese one in the demo). */
async function textBesidesName(article: Locator, siteName: string): Promise<string> {
  return (await article.innerText()).replaceAll(siteName, '');
}

/** The user agreement in the browser's language, and the site's name to leave out of its text. */
async function openAgreement(page: Page, request: APIRequestContext) {
  const { siteName } = await systemSettings(request);
  await page.goto('/legal/agreement');
  return { siteName, article: page.getByTestId('legal-text') };
}

test.describe('legal texts in the interface language', () => {
  test.describe('English', () => {
    test.use({ locale: 'en-US' });

    test('the agreement and the privacy policy are in English', async ({ page, request }) => {
      const { siteName, article } = await openAgreement(page, request);
      await expect(article.locator('h2').first()).toHaveText('1. The service');
      await expect(article.locator('p').first()).toContainText('Welcome to');
      expect(await textBesidesName(article, siteName)).not.toMatch(HAN);

      await page.goto('/legal/privacy');
      await expect(article.locator('h2').first()).toHaveText('1. What we collect');
      expect(await textBesidesName(article, siteName)).not.toMatch(HAN);
    });
  });

  test.describe('Simplified Chinese', () => {
    test.use({ locale: 'zh-CN' });

    test('the agreement is in Chinese, and a language switch shows the English one', async ({ page, request }) => {
      const { siteName, article } = await openAgreement(page, request);
      // Chinese, whichever text it is (support.spec.ts changes this one for a while).
      await expect(article.locator('h2').first()).toHaveText(HAN);
      expect(await textBesidesName(article, siteName)).not.toMatch(/Welcome|The service/);

      await page.goto('/');
      await openPreferences(page);
      await page.locator('label', { has: page.getByTestId('language-en-US') }).click();
      await expect(page.getByTestId('tab-home')).toHaveText('Home');
      await page.keyboard.press('Escape');
      await page.goto('/legal/agreement');
      await expect(article.locator('h2').first()).toHaveText('1. The service');
      expect(await textBesidesName(article, siteName)).not.toMatch(HAN);
    });
  });
});

test.describe('subtitles in the interface language', () => {
  test('an English interface starts with the English track', async ({ page, request }) => {
    const first = (await dramaDetail(request, 1)).episodes[0]!;
    const vtt = await (await request.get(`/media/episodes/${first.id}/video.en.vtt`)).text();
    const firstEnglishLine = vtt.split('\n').find((_line, index, lines) => lines[index - 1]?.includes('-->'))!;
    await openAs(page, { locale: 'en-US' });
    await page.goto(`/player/1?episode=${first.id}`);
    await expectPlaying(page, first.id);
    await activeVideo(page).evaluate((video: HTMLVideoElement) => {
      video.currentTime = 0.5;
    });
    await expect(page.getByTestId('subtitle')).toHaveText(firstEnglishLine);
  });
});
