import { STORAGE_KEYS } from '@drama/contracts';
import { paidOrder } from './api';
import { createAccount, signInAs } from './accounts';
import { expect, seedStorage, test } from './fixtures';
import { SWIPE_HINT_SEEN, dramaDetail } from './player-support';

// Not assertions about pixels: pictures of the detour screens for people to look at (test-results/).
test.beforeEach(() => test.slow());

const DRAMA = 1;

for (const theme of ['dark', 'light'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`detour screens, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      const prefs = { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale, ...SWIPE_HINT_SEEN };
      const drama = await dramaDetail(request, DRAMA);
      const locked = drama.episodes.find((episode) => episode.sequence === 9)!;
      const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${theme}-${locale}.png`) });

      // A guest's link to the locked episode: the free one plays, the chip keeps the gate near.
      const guest = await page.context().newPage();
      await seedStorage(guest, prefs);
      await guest.goto(`/player/${DRAMA}?episode=${locked.id}`);
      await expect(guest.getByTestId('unlock-chip')).toBeVisible();
      await guest.screenshot({ path: testInfo.outputPath(`player-chip-${theme}-${locale}.png`) });
      await guest.close();

      const account = await createAccount(request);
      await signInAs(page, account, prefs);
      // Back from signing in: episode 9's own gate.
      await page.goto(`/player/${DRAMA}?episode=${locked.id}&unlock=1`);
      await expect(page.getByTestId('vip-prompt')).toBeVisible();
      await page.waitForTimeout(400);
      await shot('player-gate');

      await page.goto(`/membership?drama=${DRAMA}&episode=${locked.id}`);
      await expect(page.getByTestId('unlock-target-episode')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot('membership-target');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot('membership-target-bottom');

      const order = await paidOrder(request, account.token);
      await page.goto(`/payment/result?orderId=${order.id}&drama=${DRAMA}&episode=${locked.id}`);
      await expect(page.getByTestId('continue-episode')).toContainText('9');
      await expect(page.getByTestId('result-vip-until')).not.toBeEmpty();
      await shot('result-continue');
    });
  }
}
