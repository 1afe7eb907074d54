import { expect, test } from './fixtures';

test.use({ locale: 'en-US' });

test('the tab bar moves between the four tabs and marks the current one', async ({ page }) => {
  await page.goto('/');
  const tabBar = page.getByRole('navigation', { name: 'Main' });
  const tab = (name: string) => tabBar.getByRole('link', { name, exact: true });

  await expect(tab('Home')).toHaveAttribute('aria-current', 'page');

  await tab('Categories').click();
  await expect(page).toHaveURL('/category');
  await expect(tab('Categories')).toHaveAttribute('aria-current', 'page');
  await expect(tab('Home')).not.toHaveAttribute('aria-current', /.*/);

  await tab('Explore').click();
  await expect(page).toHaveURL('/explore');
  await expect(tab('Explore')).toHaveAttribute('aria-current', 'page');

  // A guest is sent to sign in: a full-screen form without the bar (DESIGN.md section 4), whose
  // way back returns to the tab they came from.
  await tab('Me').click();
  await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fprofile');
  await expect(tabBar).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL('/explore');
  await expect(tab('Explore')).toHaveAttribute('aria-current', 'page');

  await tab('Home').click();
  await expect(page).toHaveURL('/');
  await expect(tab('Home')).toHaveAttribute('aria-current', 'page');
});

test('tapping a tab shows a ripple that goes away', async ({ page }) => {
  await page.goto('/');
  // The ripple lives 600 ms, less than a click may take to return: record it from inside the page.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __ripples: string[] }).__ripples = seen;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) if (node instanceof HTMLElement && node.dataset.testid === 'tab-ripple') seen.push('added');
        for (const node of mutation.removedNodes) if (node instanceof HTMLElement && node.dataset.testid === 'tab-ripple') seen.push('removed');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('tab-category').tap();
  await expect(page).toHaveURL('/category');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __ripples: string[] }).__ripples))
    .toEqual(['added', 'removed']);
  await expect(page.getByTestId('tab-ripple')).toHaveCount(0);
});

test('the tab bar is hidden on the player', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('hot-ranking').getByTestId('drama-card').first();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/player\/\d+$/);
  await card.click();
  // The player adds the episode it opened to the address (replace navigation).
  await expect(page).toHaveURL(new RegExp(`${href ?? ''}(\\?episode=\\d+)?$`));
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);

  await page.goto('/player/1');
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);
  await page.goto('/search');
  await expect(page.getByTestId('tab-bar')).toBeVisible();
});

test('the tab bar is hidden on the auth pages, so their buttons are never under it', async ({ page }) => {
  for (const path of ['/auth/sign-in', '/auth/sign-up', '/auth/reset-password', '/auth/verification']) {
    await page.goto(path);
    await expect(page.locator('form button[type="submit"]')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
  }
  await page.goto('/category');
  await expect(page.getByTestId('tab-bar')).toBeVisible();
});

test('every navigation starts at the top of the page', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('more-to-watch').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByTestId('tab-category').click();
  await expect(page).toHaveURL('/category');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown address shows a not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});
