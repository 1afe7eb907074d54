import type { Page } from '@playwright/test';
import { sandboxCheckoutPagePath } from '@drama/contracts';
import { expect } from './fixtures';
import {
  openWith,
  testWithMember,
  report,
  seriousViolations,
  settled,
  type Theme,
} from './a11y-support';
import { clickControl } from './player-support';
/*
 * axe-core (WCAG 2.1 A and AA) on every page of the route table, as the guest or the member the
 * page is for, in light and dark, with the sheets and dialogs that matter open. Any serious or
 * critical violation fails, named by page, rule and element.
 */

const test = testWithMember;

test.use({ locale: 'en-US' });
// Spread over both workers: each page group stands alone.
test.describe.configure({ mode: 'parallel' });

/** Analyses the page as it is now; soft, so one page's findings are reported even when a later page fails. */
async function analyse(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page, where);
  expect.soft(violations, `serious or critical accessibility violations:\n${report(violations)}`).toEqual([]);
}

async function open(page: Page, path: string, ready?: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await settled(page);
  if (ready) await ready(page);
}

async function check(page: Page, path: string, where: string, ready?: (page: Page) => Promise<void>): Promise<void> {
  await test.step(where, async () => {
    await open(page, path, ready);
    await analyse(page, where);
  });
}

const visible = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible();
};

for (const theme of ['light', 'dark'] as Theme[]) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`guest catalogue pages have no serious violations (${theme})`, async ({ page, world }) => {
      test.setTimeout(240_000);
      await openWith(page, { theme });
      await check(page, '/', 'home', visible('drama-card'));
      await check(page, '/category', 'category', visible('drama-card'));
      await check(page, `/dramas/tag/${encodeURIComponent(world.tagName)}`, 'tag page', visible('drama-card'));
      await check(page, '/search', 'search (start)');
      await check(page, `/search?q=${encodeURIComponent(world.searchTerm)}`, 'search results', visible('search-results'));
      await check(page, '/search?q=zzqqxxnothing', 'search empty');
      await check(page, '/explore', 'explore');
      await check(page, `/player/${world.dramaId}`, 'player', visible('player-title'));
    });

    test(`guest information and sign-in pages have no serious violations (${theme})`, async ({ page, world }) => {
      test.setTimeout(240_000);
      await openWith(page, { theme });
      await check(page, '/legal/agreement', 'user agreement');
      await check(page, '/legal/privacy', 'privacy policy');
      await check(page, '/support', 'support');
      await check(page, '/about', 'about');
      await check(page, '/auth/sign-in', 'sign-in');
      await check(page, '/auth/sign-up', 'sign-up');
      await check(page, '/auth/reset-password', 'reset password');
      await check(page, '/auth/verification', 'verification');
      await check(page, '/no/such/page', 'not found');
      await page.goto(sandboxCheckoutPagePath(world.pendingOrderNo));
      await expect(page.getByRole('button').first()).toBeVisible();
      await analyse(page, 'sandbox checkout');
    });

    test(`member account pages have no serious violations (${theme})`, async ({ page, world }) => {
      test.setTimeout(240_000);
      await openWith(page, { theme, session: world.session });
      await check(page, '/profile', 'profile');
      await check(page, '/profile/edit', 'profile editing');
      await check(page, '/settings', 'settings');
      await check(page, '/settings/change-password', 'change password');
      await check(page, '/settings/language', 'language');
      await check(page, '/settings/bind-phone', 'bind phone');
      await check(page, '/settings/bind-email', 'bind email');
    });

    test(`member lists, membership and payment pages have no serious violations (${theme})`, async ({ page, world }) => {
      test.setTimeout(240_000);
      await openWith(page, { theme, session: world.session });
      await check(page, '/favorites', 'favourites', visible('favorite-row'));
      await check(page, '/history', 'history', visible('history-row'));
      await check(page, '/membership', 'membership', visible('plan-month'));
      await check(page, '/membership/payment?plan=month&channel=alipay', 'payment confirm', visible('checkout-summary'));
      await check(page, `/payment?orderId=${world.pendingOrderId}`, 'payment (pending order)', visible('pay-here'));
      await check(page, `/payment/result?orderId=${world.paidOrderId}`, 'payment result');
      await check(page, '/orders', 'orders');
      await check(page, `/orders/${world.paidOrderId}`, 'order detail');
    });

    test(`points, redeem and feedback pages have no serious violations (${theme})`, async ({ page, world }) => {
      test.setTimeout(240_000);
      await openWith(page, { theme, session: world.session });
      await check(page, '/points', 'points');
      await check(page, '/points/tasks', 'tasks');
      await check(page, '/points/mall', 'mall');
      await check(page, '/points/records', 'points records');
      await check(page, '/redeem', 'redeem');
      await check(page, '/redeem/records', 'redeem records');
      await check(page, '/feedback', 'feedback', visible('feedback-page'));
      await check(page, '/feedback/history', 'feedback history', visible('feedback-row'));
      await check(page, `/feedback/${world.feedbackId}`, 'feedback detail', visible('feedback-content-text'));
    });

    test(`sheets and dialogs have no serious violations (${theme})`, async ({ page, world }) => {
      test.setTimeout(240_000);
      await openWith(page, { theme, session: world.session });

      await open(page, '/', visible('drama-card'));
      await page.getByTestId('preferences-button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await analyse(page, 'display and language sheet');
      await page.keyboard.press('Escape');

      await open(page, `/player/${world.dramaId}`, visible('player-title'));
      await clickControl(page, 'action-episodes');
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await analyse(page, 'episode drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await clickControl(page, 'action-subtitles');
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await analyse(page, 'subtitle settings');
      await page.keyboard.press('Escape');

      await open(page, '/settings', visible('sign-out'));
      await page.getByTestId('sign-out').click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await settled(page);
      await analyse(page, 'confirm dialog');
      await page.keyboard.press('Escape');
    });
  });
}
