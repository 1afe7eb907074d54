import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { dramaDetail, expectPlaying, openAs, pauseActiveVideo } from './player-support';

const DRAMA = 1;

/** The brightest channel and the mean of each channel over a part of the screen, as painted. */
async function paintedIn(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const { data, info } = await sharp(await page.screenshot({ clip })).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  let brightest = 0;
  for (let index = 0; index < data.length; index += info.channels) {
    for (let channel = 0; channel < 3; channel += 1) {
      const value = data[index + channel]!;
      sums[channel]! += value;
      brightest = Math.max(brightest, value);
    }
  }
  const pixels = data.length / info.channels;
  return { brightest, mean: sums.map((sum) => sum / pixels) };
}

/** How many columns a grid lays its cards in: the distinct left edges of its first row's cards. */
async function columns(page: Page, grid: string): Promise<number> {
  return page.getByTestId(grid).evaluate((element) => {
    const cards = [...element.querySelectorAll('[data-testid="drama-card"]')];
    const top = cards[0]?.getBoundingClientRect().top ?? 0;
    return cards.filter((card) => Math.abs(card.getBoundingClientRect().top - top) < 2).length;
  });
}

test.describe('a wide screen (1280x800, a mouse)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('home has a rail on the left, no tab bar, wide rows with buttons and a multi-column grid', async ({ page }) => {
    await openAs(page);
    await page.goto('/');
    await expect(page.getByTestId('side-nav')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeHidden();
    await expect(page.getByTestId('rail-home')).toHaveAttribute('aria-current', 'page');

    // The content uses the width: the banner shows two slides side by side.
    const slides = page.getByTestId('featured-slide');
    await expect(slides.first()).toBeVisible();
    const first = (await slides.nth(0).boundingBox())!;
    const second = (await slides.nth(1).boundingBox())!;
    expect(first.width).toBeGreaterThan(450);
    expect(second.x + second.width).toBeLessThanOrEqual(1280);

    // A row that a finger swipes sideways has buttons for the mouse.
    const hot = page.getByTestId('hot-ranking');
    await expect(hot.getByTestId('drama-card').first()).toBeVisible();
    const forward = hot.getByTestId('row-forward');
    await expect(hot.getByTestId('row-back')).toBeDisabled();
    await forward.click();
    await expect(hot.getByTestId('row-back')).toBeEnabled();

    const grid = page.getByTestId('more-to-watch');
    await grid.scrollIntoViewIfNeeded();
    await expect(grid.getByTestId('drama-card').nth(6)).toBeVisible();
    expect(await columns(page, 'more-to-watch')).toBe(6);
  });

  test('a category page lays its covers in six columns across the width', async ({ page }) => {
    await openAs(page);
    await page.goto('/category');
    const grid = page.getByTestId('drama-grid');
    await expect(grid.getByTestId('drama-card').nth(6)).toBeVisible();
    expect(await columns(page, 'drama-grid')).toBe(6);
    const box = (await grid.boundingBox())!;
    expect(box.width).toBeGreaterThan(1000);
    // The rail leads on: the category entry is the current one, and explore is one click away.
    await expect(page.getByTestId('rail-category')).toHaveAttribute('aria-current', 'page');
  });

  test('the player shows the episode list beside the video, and a click there plays that episode', async ({ page, request }) => {
    const drama = await dramaDetail(request, DRAMA);
    await openAs(page);
    await page.goto(`/player/${DRAMA}`);
    await expectPlaying(page, drama.episodes[0]!.id);

    const panel = page.getByTestId('episode-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: drama.title })).toBeVisible();
    const video = (await page.getByTestId('player').boundingBox())!;
    const side = (await panel.boundingBox())!;
    // The video keeps its 9:16 at full height, and the list stands to its right, not over it.
    expect(video.height).toBe(800);
    expect(Math.abs(video.width / video.height - 9 / 16)).toBeLessThan(0.01);
    expect(side.x).toBeGreaterThanOrEqual(video.x + video.width);

    const cells = panel.getByTestId('episode-cell');
    await expect(cells.first()).toHaveAttribute('aria-current', 'true');
    await cells.nth(2).click();
    await expectPlaying(page, drama.episodes[2]!.id);
    await expect(cells.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(cells.first()).not.toHaveAttribute('aria-current', 'true');

    // A locked episode follows the drawer's rule: the VIP prompt, and the episode stays.
    const locked = drama.episodes.find((episode) => !episode.isFree)!;
    if (locked.sequence > 30) await panel.getByRole('tab', { name: /^\d+-\d+$/ }).nth(Math.floor((locked.sequence - 1) / 30)).click();
    await panel.getByRole('button', { name: `Episode ${locked.sequence}, VIP` }).click();
    await expect(page.getByTestId('vip-prompt')).toBeVisible();
    await expect(page.getByTestId('player')).toHaveAttribute('data-episode', String(drama.episodes[2]!.id));
  });

  test('the explore feed stands in the middle with its actions beside the picture', async ({ page }) => {
    await openAs(page);
    await page.goto('/explore');
    const item = page.locator('[data-testid="explore-item"][data-active="true"]');
    const video = item.getByTestId('explore-video');
    await expect(video).toBeVisible();
    const rail = (await page.getByTestId('side-nav').boundingBox())!;
    const picture = (await video.boundingBox())!;
    expect(picture.x).toBeGreaterThan(rail.width + 100);
    expect(picture.x + picture.width).toBeLessThan(1280 - 100);
    const like = (await item.getByTestId('explore-like').boundingBox())!;
    expect(like.x).toBeGreaterThanOrEqual(picture.x + picture.width - 1);

    // A mouse clicks: the sound chip says so.
    await expect(item.getByTestId('explore-unmute')).toHaveText('Click for sound');

    // The strip the actions stand in is the page's black above them, not the cover's colour
    // (the blurred cover fills the bars around the picture only).
    const column = (await item.boundingBox())!;
    const strip = await paintedIn(page, { x: picture.x + picture.width + 2, y: 80, width: column.x + column.width - picture.x - picture.width - 4, height: like.y - 100 });
    expect(strip.brightest, JSON.stringify(strip)).toBeLessThan(24);
  });

  test('the subtitle settings open as a dialog in the middle of the window, whole', async ({ page, request }) => {
    const drama = await dramaDetail(request, DRAMA);
    await openAs(page);
    await page.goto(`/player/${DRAMA}`);
    await expectPlaying(page, drama.episodes[0]!.id);
    // Paused, the controls stay up: playing, they hide (inert) after a while, which a loaded host
    // can let pass between the mouse reaching the control and the click.
    await pauseActiveVideo(page);
    const control = page.getByTestId('action-subtitles');
    const box = (await control.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await control.click();
    const dialog = page.getByTestId('subtitle-sheet');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Subtitle settings' })).toBeVisible();
    // Its opening slide over, it stands still in the middle of the window.
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const shown = (await dialog.boundingBox())!;
    expect(Math.abs(shown.x + shown.width / 2 - 640)).toBeLessThan(2);
    expect(Math.abs(shown.y + shown.height / 2 - 400)).toBeLessThan(2);
    expect(shown.y).toBeGreaterThan(0);
    expect(shown.y + shown.height).toBeLessThan(800);
    // Its last line is inside it, not cut by the window's edge.
    const hint = (await dialog.getByText('To move the subtitles, press and hold them on the video, then drag up or down.').boundingBox())!;
    expect(hint.y + hint.height).toBeLessThanOrEqual(shown.y + shown.height);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('an account page keeps a readable column', async ({ page }) => {
    await openAs(page);
    await page.goto('/auth/sign-in');
    const form = page.locator('form').first();
    await expect(form).toBeVisible();
    expect((await form.boundingBox())!.width).toBeLessThanOrEqual(720);
  });
});

test('a phone keeps its layout: the tab bar at the bottom, no rail, three columns', async ({ page }) => {
  await openAs(page);
  await page.goto('/category');
  const bar = page.getByTestId('tab-bar');
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(844, 0);
  await expect(page.getByTestId('side-nav')).toBeHidden();
  await expect(page.getByTestId('drama-grid').getByTestId('drama-card').nth(3)).toBeVisible();
  expect(await columns(page, 'drama-grid')).toBe(3);
  await page.goto(`/player/${DRAMA}`);
  await expect(page.getByTestId('player')).toBeVisible();
  await expect(page.getByTestId('episode-panel')).toHaveCount(0);
});
