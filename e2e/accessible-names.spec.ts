import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Locale } from '@drama/contracts';
import { expect } from './fixtures';
import { openWith, settled, testWithMember } from './a11y-support';
import { clickControl } from './player-support';

/*
 * Every button, link and form field on the main pages has a name in each of the three locales:
 * never empty, and never an untranslated i18n key such as `player.like`.
 */

const test = testWithMember;

const LOCALES: Locale[] = ['zh-CN', 'zh-Hant', 'en-US'];

test.describe.configure({ mode: 'parallel' });

// A bare key: dotted lower-camel words with no spaces, as the locale files name their entries.
const I18N_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

interface Unnamed {
  where: string;
  element: string;
  name: string;
}

const CONTROL_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'slider',
  'menuitem',
  'menuitemradio',
  'spinbutton',
]);

/**
 * The accessible name of every control, from the browser's own accessibility tree (the same
 * computation a screen reader uses), so aria-label, aria-labelledby, <label> and text all count.
 */
async function controlNames(page: Page): Promise<{ element: string; name: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const names: { element: string; name: string }[] = [];
    for (const node of nodes) {
      const role = String(node.role?.value ?? '');
      if (node.ignored || !CONTROL_ROLES.has(role)) continue;
      const name = String(node.name?.value ?? '').trim();
      let element = role;
      if (node.backendDOMNodeId !== undefined && (name === '' || I18N_KEY.test(name))) {
        const { node: dom } = await cdp.send('DOM.describeNode', { backendNodeId: node.backendDOMNodeId });
        const attributes = dom.attributes ?? [];
        const testId = attributes[attributes.indexOf('data-testid') + 1];
        element = `${role} <${dom.localName}${attributes.includes('data-testid') ? ` data-testid="${testId}"` : ''}>`;
      }
      names.push({ element, name });
    }
    return names;
  } finally {
    await cdp.detach();
  }
}

function expectNamed(problems: Unnamed[]) {
  expect.soft(problems, problems.map((p) => `${p.where}: ${p.element} named "${p.name}"`).join('\n')).toEqual([]);
}

async function inspect(page: Page, locale: Locale, path: string, where: string, ready?: (page: Page) => Promise<void>) {
  const problems: Unnamed[] = [];
  await page.goto(path);
  await settled(page);
  if (ready) await ready(page);
  // axe's own naming rules as well, which also catch names hidden from the accessibility tree.
  const axe = await new AxeBuilder({ page }).withRules(['button-name', 'link-name', 'label', 'input-button-name', 'select-name', 'aria-command-name', 'aria-input-field-name']).analyze();
  for (const violation of axe.violations) {
    for (const node of violation.nodes) problems.push({ where: `${locale} ${where}`, element: `${violation.id} ${node.target.join(' ')}`, name: '' });
  }
  for (const { element, name } of await controlNames(page)) {
    if (name === '' || I18N_KEY.test(name)) problems.push({ where: `${locale} ${where}`, element, name });
  }
  // Soft: each page's findings are reported even when a later page fails or runs out of time.
  expectNamed(problems);
}

const cards = async (page: Page) => {
  await expect(page.getByTestId('drama-card').first()).toBeVisible();
};

for (const locale of LOCALES) {
  test(`the catalogue's and player's buttons, links and fields are named in ${locale}`, async ({ page, world }) => {
    test.setTimeout(240_000);
    await openWith(page, { theme: 'light', locale, session: world.session });
    await inspect(page, locale, '/', 'home', cards);
    await inspect(page, locale, '/category', 'category', cards);
    await inspect(page, locale, `/search?q=${encodeURIComponent(world.searchTerm)}`, 'search');
    await inspect(page, locale, '/explore', 'explore');
    await inspect(page, locale, `/player/${world.dramaId}`, 'player', async (p) => {
      await expect(p.getByTestId('player-title')).toBeVisible();
    });
    await clickControl(page, 'action-episodes');
    await expect(page.getByRole('dialog')).toBeVisible();
    const drawer: Unnamed[] = [];
    for (const { element, name } of await controlNames(page)) {
      if (name === '' || I18N_KEY.test(name)) drawer.push({ where: `${locale} episode drawer`, element, name });
    }
    expectNamed(drawer);
  });

  test(`the member's buttons, links and fields are named in ${locale}`, async ({ page, world }) => {
    test.setTimeout(240_000);
    await openWith(page, { theme: 'light', locale, session: world.session });
    await inspect(page, locale, '/profile', 'profile');
    await inspect(page, locale, '/settings', 'settings');
    await inspect(page, locale, '/favorites', 'favourites');
    await inspect(page, locale, '/history', 'history');
    await inspect(page, locale, '/membership', 'membership');
    await inspect(page, locale, '/points', 'points');
    await inspect(page, locale, '/feedback', 'feedback');
  });

  test(`the guest's forms are named in ${locale}`, async ({ page }) => {
    test.slow();
    await openWith(page, { theme: 'dark', locale });
    await inspect(page, locale, '/auth/sign-in', 'sign-in');
    await inspect(page, locale, '/auth/sign-up', 'sign-up');
    await inspect(page, locale, '/auth/reset-password', 'reset password');
  });
}
