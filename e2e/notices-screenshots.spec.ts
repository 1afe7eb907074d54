import { API_BASE, apiPaths, dramaDetailResponseSchema, STORAGE_KEYS, type Notice } from '@drama/contracts';
import type { Page } from '@playwright/test';
import { createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';

// Not assertions about pixels: the bell and the notification centre for people to look at
// (test-results/), at the phone size, in both themes and two languages.

const HOUR = 3_600_000;

/** One notice of every kind, as the server would list them; the new episode is of a real drama. */
function sample(drama: { id: number; title: string; coverUrl: string; episodeId: number }): Notice[] {
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
  return [
    { id: 905, kind: 'new-episode', values: { dramaId: drama.id, episodeId: drama.episodeId, sequence: 2 }, read: false, createdAt: at(0.2), drama: { id: drama.id, title: drama.title, cover: drama.coverUrl } },
    { id: 904, kind: 'feedback-reply', values: { feedbackId: 12 }, read: false, createdAt: at(3), drama: null },
    { id: 903, kind: 'vip-ending', values: { daysLeft: 3, expiresAt: new Date(Date.now() + 3 * 24 * HOUR).toISOString() }, read: false, createdAt: at(20), drama: null },
    { id: 902, kind: 'order-result', values: { orderId: 77, status: 'success' }, read: true, createdAt: at(50), drama: null },
    { id: 901, kind: 'redeem-result', values: { kind: 'points', value: 200 }, read: true, createdAt: at(80), drama: null },
  ];
}

/** The member's notices answered with the sample (the server's own answers are tested elsewhere). */
async function withNotices(page: Page, items: Notice[]): Promise<void> {
  let unread = items.filter((item) => !item.read).length;
  await page.route('**/api/v1/client/notices?*', (route) => route.fulfill({ json: { success: true, data: { items, page: 1, limit: 20, total: items.length } } }));
  await page.route('**/api/v1/client/notices/unread', (route) => route.fulfill({ json: { success: true, data: { unread } } }));
  await page.route('**/api/v1/client/notices/*/read', (route) => {
    unread = Math.max(0, unread - 1);
    return route.fulfill({ json: { success: true, data: { marked: 1 } } });
  });
}

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`the bell and the notification centre, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.slow();
      const shot = (what: string) => page.screenshot({ path: testInfo.outputPath(`notices-${what}-${theme}-${locale}.png`) });
      // The drama as the server names it in this language, as the list answer joins it.
      const answer = await request.get(`${API_BASE}${apiPaths.drama(2)}`, { headers: { 'Accept-Language': locale } });
      const detail = dramaDetailResponseSchema.parse(await answer.json()).data;
      const account = await createAccount(request);
      await signInAs(page, account, { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale });

      // No notices yet: the bell has no badge, the centre says what will come.
      await page.goto('/notices');
      await expect(page.getByTestId('notices-page').getByRole('link', { name: locale === 'zh-CN' ? '去发现好剧' : 'Find dramas' })).toBeVisible();
      await shot('empty');

      await withNotices(page, sample({ id: detail.id, title: detail.title, coverUrl: detail.coverUrl, episodeId: detail.episodes[1]!.id }));
      await page.goto('/');
      await expect(page.getByTestId('notice-badge')).toHaveText('3');
      await expect(page.getByTestId('hot-ranking').getByTestId('drama-card').first()).toBeVisible();
      await shot('home-bell');
      await page.goto('/profile');
      await expect(page.getByTestId('notice-badge')).toHaveText('3');
      await shot('profile-bell');
      await page.goto('/notices');
      await expect(page.getByTestId('notice-row')).toHaveCount(5);
      await expect(page.locator('[data-testid="notice-row"] img').first()).toHaveJSProperty('complete', true);
      await shot('centre');
    });
  }
}
