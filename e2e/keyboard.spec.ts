import type { Locator, Page } from '@playwright/test';
import { createAccount } from './accounts';
import { expect, test } from './fixtures';
import { openWith } from './a11y-support';
import { dramaDetail } from './player-support';

/*
 * The main journeys with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape): every
 * control on the way is reachable, works, and shows where the focus is.
 */

test.use({ locale: 'en-US' });
// Each key press is a round trip to the browser: the journeys take longer than a click-through.
test.beforeEach(() => test.slow());

const MAX_TABS = 80;

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await isFocused(target)) {
      await expectFocusRing(target);
      return;
    }
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  throw new Error(`${key} never reached ${String(target)}; the focus is on ${focused}`);
}

/** Reaches `target` with Tab (or Shift+Tab) and presses `key` on it, as a keyboard user does. */
async function pressOn(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter', direction: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await tabTo(page, target, direction);
  await page.keyboard.press(key);
}

/** Whether the focus is inside `container`. */
async function holdsFocus(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** A visible focus indicator: an outline or a ring (box-shadow), not `none`. */
async function expectFocusRing(target: Locator): Promise<void> {
  // A field or a visually hidden radio draws its ring on the box around it (focus-within, has-focus).
  const style = await target.evaluate((element) => {
    const boxes = [element, element.parentElement, element.parentElement?.parentElement].filter((box): box is HTMLElement => box instanceof HTMLElement);
    const rings = boxes.map((box) => getComputedStyle(box));
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: Math.max(...rings.map((ring) => (ring.outlineStyle === 'none' ? 0 : Number.parseFloat(ring.outlineWidth)))),
      shadow: rings.find((ring) => ring.boxShadow !== 'none')?.boxShadow ?? 'none',
    };
  });
  expect(style.focusVisible, `${String(target)} matches :focus-visible`).toBe(true);
  expect(style.outline > 0 || style.shadow !== 'none', `${String(target)} shows a focus ring (${JSON.stringify(style)})`).toBe(true);
}

test('the tab bar and a drama card lead to the player by keyboard', async ({ page }) => {
  await openWith(page, { theme: 'light' });
  await page.goto('/');
  await expect(page.getByTestId('drama-card').first()).toBeVisible();

  // The tab bar closes the page: backwards from the top reaches it first.
  await tabTo(page, page.getByTestId('tab-explore'), 'Shift+Tab');
  await pressOn(page, page.getByTestId('tab-category'), 'Enter', 'Shift+Tab');
  await expect(page).toHaveURL('/category');
  await expect(page.getByTestId('tab-category')).toHaveAttribute('aria-current', 'page');

  await pressOn(page, page.getByTestId('tab-home'), 'Enter', 'Shift+Tab');
  await expect(page).toHaveURL('/');
  const card = page.getByTestId('drama-card').first();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/player\/\d+$/);
  await pressOn(page, card);
  // The player writes the episode it opened into the address (a replace navigation), and on a
  // fast load that can happen before the first look at the address.
  await expect(page).toHaveURL(new RegExp(`${href!}(\\?episode=\\d+)?$`));
  await expect(page.getByTestId('player-title')).toBeVisible();
});

test('the player is driven by keyboard: play, like, favourite, the episode drawer', async ({ page, request }) => {
  const account = await createAccount(request);
  await openWith(page, { theme: 'dark', session: account });
  const list = await request.get('/api/v1/client/dramas?sort=hot&limit=1', { headers: { 'Accept-Language': 'en-US' } });
  const dramaId = ((await list.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  const drama = await dramaDetail(request, dramaId);
  const [first, second] = drama.episodes;
  await page.goto(`/player/${drama.id}?episode=${first!.id}`);
  await expect(page.getByTestId('control-play')).toBeVisible();

  // Space on the play button switches between playing and paused.
  await tabTo(page, page.getByTestId('control-play'));
  const before = await page.getByTestId('control-play').getAttribute('aria-label');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('control-play')).not.toHaveAttribute('aria-label', before!);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('control-play')).toHaveAttribute('aria-label', before!);

  const like = page.getByTestId('action-like');
  await pressOn(page, like, 'Enter', 'Shift+Tab');
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  const favorite = page.getByTestId('action-favorite');
  await pressOn(page, favorite, 'Space');
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');

  // The drawer takes the focus, Escape closes it and gives the focus back.
  const episodes = page.getByTestId('action-episodes');
  await pressOn(page, episodes);
  const drawer = page.getByTestId('episode-drawer');
  await expect(drawer).toBeVisible();
  await expect.poll(() => holdsFocus(drawer)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect.poll(() => isFocused(episodes)).toBe(true);

  // Choosing an episode from the drawer by keyboard plays it.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  const cell = drawer.getByRole('button', { name: new RegExp(`\\b${second!.sequence}\\b`) }).first();
  await pressOn(page, cell);
  await expect(page).toHaveURL(new RegExp(`episode=${second!.id}$`));
  await expect(drawer).toHaveCount(0);
});

test('a dialog takes the focus, keeps it, closes on Escape and gives it back', async ({ page, request }) => {
  const account = await createAccount(request);
  await openWith(page, { theme: 'light', session: account });
  await page.goto('/settings');
  const signOut = page.getByTestId('sign-out');
  await pressOn(page, signOut);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  // Tabbing round the dialog never leaves it while it is open.
  for (let presses = 0; presses < 4; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await holdsFocus(dialog), 'the focus stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await holdsFocus(dialog), 'the focus stays in the dialog').toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => isFocused(signOut)).toBe(true);
  await expect(page).toHaveURL('/settings');

  // The home page's display-and-language sheet behaves the same way.
  await page.goto('/');
  const preferences = page.getByTestId('preferences-button');
  await pressOn(page, preferences);
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await expect.poll(() => holdsFocus(sheet)).toBe(true);
  // A radio group is one Tab stop; the arrow keys choose within it.
  await tabTo(page, sheet.getByTestId('theme-light'));
  await expect
    .poll(async () => {
      await page.keyboard.press('ArrowRight');
      return page.locator('html').getAttribute('class');
    })
    .toMatch(/\bdark\b/);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect.poll(() => isFocused(preferences)).toBe(true);
});

test('the sign-in form is filled and sent with the keyboard alone', async ({ page, request }) => {
  const account = await createAccount(request);
  await openWith(page, { theme: 'dark' });
  await page.goto('/auth/sign-in');
  await tabTo(page, page.getByLabel('Account'));
  await page.keyboard.type(account.username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
  await page.goto('/profile');
  await expect(page.getByText(account.username).first()).toBeVisible();
});
