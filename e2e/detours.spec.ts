import type { Page } from '@playwright/test';
import { STORAGE_KEYS, type DramaDetail, type Episode } from '@drama/contracts';
import { openWith, report, seriousViolations, settled } from './a11y-support';
import { paidOrder } from './api';
import { createAccount, signInAs, uniqueUsername, type TestAccount } from './accounts';
import { expect, recordToasts, seedStorage, test } from './fixtures';
import { SWIPE_HINT_SEEN, dramaDetail, expectPlaying, pauseActiveVideo } from './player-support';

/*
 * The viewer's target kept through every detour a locked episode sends them on: signing in or
 * up, membership, checkout, the payment channel's own page and the result, back to the episode
 * they wanted. Each journey starts with the first tap and ends on the screen the viewer meant,
 * with touch input on the phone layout.
 */

test.use({ locale: 'en-US' });

const DRAMA = 1;
const ENGLISH = { [STORAGE_KEYS.language]: 'en-US', [STORAGE_KEYS.theme]: 'dark', ...SWIPE_HINT_SEEN };

async function lockedNine(request: Parameters<typeof dramaDetail>[0]): Promise<{ drama: DramaDetail; locked: Episode; first: Episode }> {
  const drama = await dramaDetail(request, DRAMA);
  const locked = drama.episodes.find((episode) => episode.sequence === 9)!;
  expect(locked.isFree, 'episode 9 of the first demo drama is locked').toBe(false);
  return { drama, locked, first: drama.episodes.find((episode) => episode.sequence === 1)! };
}

/**
 * The episode drawer, opened with one tap on Episodes. The video is paused first, as its own
 * control would: a paused player keeps its controls up and stays on its episode, so the tap
 * cannot meet controls that hid 5 s after playback began (a tap there reaches the picture) or an
 * episode that ended and moved on.
 */
async function openEpisodes(page: Page): Promise<void> {
  await pauseActiveVideo(page);
  await page.getByTestId('action-episodes').tap();
  await expect(page.getByTestId('episode-drawer')).toBeVisible();
}

/** Plays episode 1, then asks for locked episode 9 from the drawer: its gate opens, and nothing else. */
async function tapLockedEpisode(page: Page, first: Episode, locked: Episode, toasts: () => Promise<string[]>) {
  await page.goto(`/player/${DRAMA}`);
  await expectPlaying(page, first.id);
  await openEpisodes(page);
  await page.getByTestId('episode-drawer').getByRole('button', { name: `Episode ${locked.sequence}, VIP` }).tap();
  const gate = page.getByTestId('vip-prompt');
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('heading')).toHaveText(`Unlock episode ${locked.sequence}`);
  await expect(gate.getByTestId('vip-prompt-reason')).toHaveText('This episode needs VIP');
  // One coherent thing: the sheet says it, no toast beside it.
  expect((await toasts()).filter((toast) => toast.startsWith('warning'))).toEqual([]);
  return gate;
}

/** A member of their own, signed in, who tapped locked episode 9 and faces its gate. */
async function memberAtGate(page: Page, request: Parameters<typeof dramaDetail>[0]) {
  const { drama, locked, first } = await lockedNine(request);
  const account = await createAccount(request);
  const toasts = await recordToasts(page);
  await signInAs(page, account, ENGLISH);
  const gate = await tapLockedEpisode(page, first, locked, toasts);
  return { drama, locked, first, gate };
}

/** Back from signing in: the player is on episode 9 with its gate, not silently on episode 1. */
async function expectGateAfterSignIn(page: Page, locked: Episode) {
  await expect(page).toHaveURL(`/player/${DRAMA}?episode=${locked.id}`);
  await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(locked.id));
  await expect(page.getByTestId('locked-cover')).toBeVisible();
  const gate = page.getByTestId('vip-prompt');
  await expect(gate.getByRole('heading')).toHaveText(`Unlock episode ${locked.sequence}`);
  await gate.getByTestId('vip-join').tap();
}

/** Membership names the episode; a week through the sandbox channel, up to the QR code page. */
async function buyWeek(page: Page, drama: DramaDetail, locked: Episode): Promise<number> {
  const target = `drama=${DRAMA}&episode=${locked.id}`;
  await expect(page).toHaveURL(`/membership?${target}`);
  await expect(page.getByTestId('unlock-target-episode')).toHaveText(`Unlocks episode ${locked.sequence}`);
  await expect(page.getByTestId('unlock-target-drama')).toHaveText(drama.title);
  await page.getByTestId('plan-week').tap();
  await expect(page.getByTestId('plan-week')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'Alipay' }).tap();
  await page.getByTestId('membership-continue').tap();
  await expect(page).toHaveURL(`/membership/payment?plan=week&channel=alipay&${target}`);
  await page.getByTestId('checkout-pay').tap();
  await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=\\d+&${target}$`));
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

/** The sandbox's checkout page, opened from the payment page in a tab of its own (as a phone would). */
async function payInNewTab(page: Page): Promise<void> {
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('open-checkout').tap()]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).tap();
  await expect(checkout.getByRole('status')).toContainText('Paid.');
  await checkout.close();
}

/** The result says paid and leads on to episode 9, which then plays. */
async function continueToEpisode(page: Page, orderId: number, locked: Episode): Promise<void> {
  await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&drama=${DRAMA}&episode=${locked.id}`, { timeout: 20_000 });
  await expect(page.getByTestId('result-title')).toHaveText('Payment successful');
  const next = page.getByTestId('continue-episode');
  await expect(next).toHaveText(`Continue episode ${locked.sequence}`);
  await next.tap();
  await expect(page).toHaveURL(`/player/${DRAMA}?episode=${locked.id}`);
  await expectPlaying(page, locked.id);
  await expect(page.getByTestId('player-title')).toHaveAttribute('aria-label', new RegExp(`Episode ${locked.sequence}$`));
  await expect(page.getByTestId('vip-prompt')).toHaveCount(0);
  await expect(page.getByTestId('locked-cover')).toHaveCount(0);
}

test.describe('a guest stopped at a locked episode', () => {
  test('signs in midway, buys VIP for that episode and ends up watching it', async ({ page, request }) => {
    test.slow();
    const { drama, locked, first } = await lockedNine(request);
    const account: TestAccount = await createAccount(request);
    const toasts = await recordToasts(page);
    await seedStorage(page, ENGLISH);

    const gate = await tapLockedEpisode(page, first, locked, toasts);
    await gate.getByTestId('vip-sign-in').tap();
    await expect(page).toHaveURL(
      `/auth/sign-in?redirect=${encodeURIComponent(`/player/${DRAMA}?episode=${locked.id}&unlock=1`)}`,
    );
    await page.getByLabel('Account').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).tap();

    await expectGateAfterSignIn(page, locked);
    const orderId = await buyWeek(page, drama, locked);
    await payInNewTab(page);
    await continueToEpisode(page, orderId, locked);
  });

  test('creates an account midway, buys VIP for that episode and ends up watching it', async ({ page, request }) => {
    test.slow();
    const { drama, locked, first } = await lockedNine(request);
    const toasts = await recordToasts(page);
    await seedStorage(page, ENGLISH);

    const gate = await tapLockedEpisode(page, first, locked, toasts);
    await gate.getByTestId('vip-sign-in').tap();
    await page.getByRole('link', { name: 'Create an account' }).tap();
    await expect(page).toHaveURL(
      `/auth/sign-up?redirect=${encodeURIComponent(`/player/${DRAMA}?episode=${locked.id}&unlock=1`)}`,
    );
    const password = 'Drama-2024!';
    await page.getByLabel('Username').fill(uniqueUsername('dt'));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByTestId('agreement').check();
    await page.getByRole('button', { name: 'Create account' }).tap();

    await expectGateAfterSignIn(page, locked);
    const orderId = await buyWeek(page, drama, locked);
    await payInNewTab(page);
    await continueToEpisode(page, orderId, locked);
  });
});

test.describe('a member at the gate', () => {
  test('goes to membership for the episode and back to the player without paying', async ({ page, request }) => {
    const { drama, locked, first, gate } = await memberAtGate(page, request);
    await gate.getByTestId('vip-join').tap();
    await expect(page).toHaveURL(`/membership?drama=${DRAMA}&episode=${locked.id}`);
    await expect(page.getByTestId('unlock-target-episode')).toHaveText(`Unlocks episode ${locked.sequence}`);

    // A step into checkout and back keeps the target.
    await page.getByTestId('membership-continue').tap();
    await expect(page).toHaveURL(new RegExp(`/membership/payment\\?plan=\\w+&channel=\\w+&drama=${DRAMA}&episode=${locked.id}$`));
    await page.getByRole('button', { name: 'Back', exact: true }).tap();
    await expect(page.getByTestId('unlock-target-episode')).toHaveText(`Unlocks episode ${locked.sequence}`);

    await page.getByTestId('unlock-target-back').tap();
    await expect(page).toHaveURL(`/player/${drama.id}?episode=${first.id}`);
    await expectPlaying(page, first.id);
    await expect(page.getByTestId('vip-prompt')).toHaveCount(0);
  });

  test('comes back from the payment channel’s page to a result that still leads to the episode', async ({ page, request }) => {
    test.slow();
    const { drama, locked, gate } = await memberAtGate(page, request);
    await gate.getByTestId('vip-join').tap();
    const orderId = await buyWeek(page, drama, locked);

    // The channel's page in this very tab, as a phone's browser may open it; then Back to the app.
    await page.getByTestId('show-qr').tap();
    const address = await page.getByTestId('payment-qr').getAttribute('data-qr-content');
    await page.goto(address!);
    await page.getByRole('button', { name: 'Pay', exact: true }).tap();
    await expect(page.getByRole('status')).toContainText('Paid.');
    await page.goBack();
    await continueToEpisode(page, orderId, locked);
  });
});

test.describe('a member who closes the payment', () => {
  test('cancels the order and goes back to the drama, the episode still a tap away', async ({ page, request }) => {
    test.slow();
    const { drama, locked, first, gate } = await memberAtGate(page, request);
    await gate.getByTestId('vip-join').tap();
    const orderId = await buyWeek(page, drama, locked);
    await page.getByTestId('cancel-order').tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).tap();
    await expect(page).toHaveURL(`/payment/result?orderId=${orderId}&drama=${DRAMA}&episode=${locked.id}`);
    await expect(page.getByTestId('result-title')).toHaveText('Order cancelled');
    await expect(page.getByTestId('choose-plan-again')).toHaveAttribute('href', `/membership?drama=${DRAMA}&episode=${locked.id}`);

    await page.getByTestId('back-to-drama').tap();
    await expectPlaying(page, first.id);
    await expect(page.getByTestId('unlock-chip')).toContainText(`Episode ${locked.sequence} is VIP`);
  });
});

test('a link to a locked episode plays the first free one, with that episode’s gate a tap away', async ({ page, request }) => {
  const { locked, first } = await lockedNine(request);
  const toasts = await recordToasts(page);
  await seedStorage(page, ENGLISH);

  await page.goto(`/player/${DRAMA}?episode=${locked.id}`);
  await expect.poll(toasts).toContain('info: Playing a free episode');
  await expectPlaying(page, first.id);
  await expect(page.getByTestId('vip-prompt')).toHaveCount(0);

  const chip = page.getByTestId('unlock-chip');
  await expect(chip).toContainText(`Episode ${locked.sequence} is VIP`);
  await chip.tap();
  const gate = page.getByTestId('vip-prompt');
  await expect(gate.getByRole('heading')).toHaveText(`Unlock episode ${locked.sequence}`);
  await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(first.id));
  expect((await toasts()).filter((toast) => toast.startsWith('warning'))).toEqual([]);

  // Not now: back to the free episode, the way to the gate still there.
  await gate.getByRole('button', { name: 'Not now' }).tap();
  await expect(gate).toHaveCount(0);
  await expect(chip).toBeVisible();
  await chip.tap();
  await page.getByTestId('vip-prompt').getByTestId('vip-sign-in').tap();
  await expect(page).toHaveURL(
    `/auth/sign-in?redirect=${encodeURIComponent(`/player/${DRAMA}?episode=${locked.id}&unlock=1`)}`,
  );
});

test('membership keeps its payment channels in view beside the total, not under it', async ({ page, request }) => {
  const { locked } = await lockedNine(request);
  const account = await createAccount(request);
  await signInAs(page, account, ENGLISH);
  await page.goto(`/membership?drama=${DRAMA}&episode=${locked.id}`);
  await expect(page.getByTestId('unlock-target-episode')).toHaveText(`Unlocks episode ${locked.sequence}`);
  for (const name of ['Alipay', 'WeChat Pay']) {
    const radio = page.getByRole('radio', { name });
    await expect(radio).toBeInViewport({ ratio: 1 });
    const box = (await radio.boundingBox())!;
    // What a finger at its middle would touch: the channel itself, nothing laid over it.
    const touched = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="radio"]')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(touched).toContain(name);
  }
  await page.getByRole('radio', { name: 'WeChat Pay' }).tap();
  await expect(page.getByRole('radio', { name: 'WeChat Pay' })).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('membership-continue').tap();
  await expect(page).toHaveURL(new RegExp(`channel=wechat&drama=${DRAMA}&episode=${locked.id}$`));
});

for (const theme of ['light', 'dark'] as const) {
  test(`the detour screens have no serious accessibility violations (${theme})`, async ({ page, request }) => {
    test.slow();
    const { locked } = await lockedNine(request);
    const check = async (where: string) => {
      await settled(page);
      const violations = await seriousViolations(page, where);
      expect.soft(violations, `serious or critical accessibility violations:\n${report(violations)}`).toEqual([]);
    };

    const guest = await page.context().newPage();
    await openWith(guest, { theme });
    await guest.goto(`/player/${DRAMA}?episode=${locked.id}`);
    await expect(guest.getByTestId('unlock-chip')).toBeVisible();
    const violations = await seriousViolations(guest, 'player with the unlock chip');
    expect.soft(violations, report(violations)).toEqual([]);
    await guest.close();

    const account = await createAccount(request);
    await openWith(page, { theme, session: account });
    await page.goto(`/player/${DRAMA}?episode=${locked.id}&unlock=1`);
    await expect(page.getByTestId('vip-prompt')).toBeVisible();
    await check('player at a locked episode, its gate open');

    await page.goto(`/membership?drama=${DRAMA}&episode=${locked.id}`);
    await expect(page.getByTestId('unlock-target-episode')).toBeVisible();
    await check('membership for an episode');

    const order = await paidOrder(request, account.token);
    await page.goto(`/payment/result?orderId=${order.id}&drama=${DRAMA}&episode=${locked.id}`);
    await expect(page.getByTestId('continue-episode')).toHaveText(`Continue episode ${locked.sequence}`);
    await check('payment result for an episode');
  });
}
