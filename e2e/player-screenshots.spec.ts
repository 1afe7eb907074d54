import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickControl, dramaDetail, expectPlaying, openAs, showControls } from './player-support';

/** Waits for a sheet's rise to end, so the picture shows it in place. */
async function settled(sheet: Locator): Promise<void> {
  await expect(sheet).toBeVisible();
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

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
    await settled(page.getByTestId('episode-drawer'));
    await page.screenshot({ path: testInfo.outputPath(`player-drawer-${locale}.png`) });
    await page.keyboard.press('Escape');

    await clickControl(page, 'action-subtitles');
    await settled(page.getByTestId('subtitle-sheet'));
    await page.screenshot({ path: testInfo.outputPath(`player-subtitles-${locale}.png`) });
  });
}
