import { expect, test } from './fixtures';
import { clickControl, dramaDetail, expectPlaying, openAs, showControls } from './player-support';

// Not assertions about pixels: pictures of the player for people to look at (test-results/).
for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`player screenshots, ${locale}`, async ({ page, request }, testInfo) => {
    // Two screenshots of a playing video and two sheets: more than the default on a busy machine.
    test.setTimeout(90_000);
    const drama = await dramaDetail(request, 1);
    const episode = drama.episodes[1]!;
    await openAs(page, { locale });
    await page.goto(`/player/1?episode=${episode.id}`);
    await expectPlaying(page, episode.id);
    await expect(page.getByTestId('subtitle')).toBeVisible();
    await showControls(page);
    await page.screenshot({ path: testInfo.outputPath(`player-controls-${locale}.png`) });

    await clickControl(page, 'action-episodes');
    await expect(page.getByTestId('episode-drawer')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`player-drawer-${locale}.png`) });
    await page.keyboard.press('Escape');

    await clickControl(page, 'action-subtitles');
    await expect(page.getByTestId('subtitle-sheet')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`player-subtitles-${locale}.png`) });
  });
}
