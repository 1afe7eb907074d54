import { API_BASE, apiPaths } from '@drama/contracts';
import { expect, test } from './fixtures';

const LONG_TITLES = [
  'Supercalifragilisticexpialidocious-and-an-unbreakable-word-that-never-ends-AAAAAAAAAAAAAAAAAAAA',
  '闪婚后千亿总裁每天都在掉马而我只想安安静静地上班下班然后回家吃饭睡觉第二天继续上班的故事',
];

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(`long titles in ${locale}`, () => {
    test.use({ locale });

    test('stay inside their cards', async ({ page }) => {
      // Make the real answer carry titles longer than any catalogue has.
      await page.route(`**${API_BASE}${apiPaths.dramas()}?*sort=hot*`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { items: { title: string }[] } };
        body.data.items.forEach((item, index) => {
          item.title = LONG_TITLES[index % LONG_TITLES.length] ?? item.title;
        });
        await route.fulfill({ response, json: body });
      });
      await page.goto('/');
      const cards = page.getByTestId('hot-ranking').getByTestId('drama-card');
      await expect(cards.first().getByRole('heading')).toHaveText(LONG_TITLES[0] ?? '');

      for (const index of [0, 1]) {
        const card = cards.nth(index);
        const title = card.getByRole('heading');
        const [cardBox, titleBox] = await Promise.all([card.boundingBox(), title.boundingBox()]);
        if (!cardBox || !titleBox) throw new Error('card or title not laid out');
        expect(titleBox.x).toBeGreaterThanOrEqual(cardBox.x - 0.5);
        expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
        // Two lines at most: the text is clamped, not spilling into the next row.
        const overflow = await title.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
          lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
        }));
        expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
        expect(overflow.lines).toBeLessThanOrEqual(2);
      }
    });
  });
}

test.describe('wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: 'en-US' });

  test('uses the width beside its navigation rail instead of a phone column', async ({ page }) => {
    await page.goto('/');
    const main = page.locator('main');
    await expect(main).toBeVisible();
    const rail = await page.getByTestId('side-nav').boundingBox();
    const box = await main.boundingBox();
    if (!box || !rail) throw new Error('main or the rail not laid out');
    expect(box.x).toBeGreaterThanOrEqual(rail.x + rail.width - 1);
    expect(box.x + box.width).toBeCloseTo(1280, 0);
  });
});
