import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';

/*
 * A real finger: touch events sent through Chromium's input pipeline (CDP
 * `Input.dispatchTouchEvent`), so the page sees what a phone gives it — pointer and touch events,
 * `touch-action` honoured, `pointercancel` when the browser takes the gesture for a scroll, and a
 * click only after a tap. The mouse (`page.mouse`) is for the desktop tests only.
 */

export interface Point {
  x: number;
  y: number;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function session(page: Page): Promise<CDPSession> {
  let client = sessions.get(page);
  if (!client) {
    client = page.context().newCDPSession(page);
    sessions.set(page, client);
  }
  return client;
}

async function touch(page: Page, type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel', at?: Point): Promise<void> {
  const client = await session(page);
  await client.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y), id: 1, radiusX: 4, radiusY: 4, force: 1 }] : [],
  });
}

export interface SwipeOptions {
  /** Moves of the finger between the start and the end (more is slower). */
  steps?: number;
  /** Sideways movement over the whole swipe. */
  dx?: number;
  /** Held still this long after touching down, before moving (a long-press). */
  holdMs?: number;
  /** Pause between two moves, as a finger takes its time. */
  stepMs?: number;
  /** After the hold, waits for this before moving (what the person waits to see). */
  held?: () => Promise<void>;
  /**
   * Held still this long at the end before lifting, as a finger that puts something in place
   * does. A finger lifted while moving flings, and the browser then swallows the next tap as the
   * one that stops the fling.
   */
  restMs?: number;
}

/** A finger down at `from`, moved by `dy` (negative is up) in `steps`, then lifted. */
export async function swipe(page: Page, from: Point, dy: number, steps = 8, options: Omit<SwipeOptions, 'steps'> = {}): Promise<void> {
  const { dx = 0, holdMs = 0, stepMs = 16, held, restMs = 0 } = options;
  await touch(page, 'touchStart', from);
  if (holdMs > 0) await page.waitForTimeout(holdMs);
  await held?.();
  let last = from;
  for (let step = 1; step <= steps; step += 1) {
    last = { x: from.x + (dx * step) / steps, y: from.y + (dy * step) / steps };
    await touch(page, 'touchMove', last);
    if (stepMs > 0) await page.waitForTimeout(stepMs);
  }
  if (restMs > 0) await page.waitForTimeout(restMs);
  await touch(page, 'touchEnd');
}

/**
 * A finger down at `at` and up again without moving: a tap. Both touches are sent at once, so
 * the lift reaches the browser right behind the press, as a finger's does, and not a round trip
 * of this process later: on a loaded machine that wait could outlast the browser's long-press
 * delay and turn the tap into a press.
 */
export async function tap(page: Page, at: Point): Promise<void> {
  await Promise.all([touch(page, 'touchStart', at), touch(page, 'touchEnd')]);
}

/**
 * One tap on `target`, which should open `opened`. The tap lands where the target is painted
 * (pointIn) and its press and lift travel together (tap), so one is enough; a tap the page loses
 * or reads as a long-press fails here instead of being tapped again.
 */
export async function tapToOpen(page: Page, target: Locator, opened: Locator): Promise<void> {
  const at = await pointIn(target);
  expect(await landsOn(target, at), `a finger at the centre of ${String(target)} lands on it`).toBe(true);
  await tap(page, at);
  await expect(opened).toBeVisible();
}

/**
 * A finger held on `target` (a long-press) until it shows it has been picked up (`data-moving`),
 * as a person waits to see it lift, then moved by `dy`, held still there and lifted. On a busy
 * machine the page's long-press timer can fire well after the hold, and moving earlier would
 * make it a swipe.
 */
export async function longPressDrag(page: Page, target: Locator, dy: number, holdMs = 650, steps = 8): Promise<void> {
  await swipe(page, await pointIn(target), dy, steps, {
    holdMs,
    stepMs: 30,
    held: () => expect(target).toHaveAttribute('data-moving', 'true'),
    restMs: 150,
  });
}

/** Where a finger lands to start on an element: its centre, or a point at a fraction of its box. */
export async function pointIn(target: Locator, at: { fx?: number; fy?: number } = {}): Promise<Point> {
  // A finger aims at what is painted. A page just navigated to is not painted until its
  // stylesheets arrive, yet its elements already have boxes, which move once they do (the
  // sandbox checkout's "Back without paying" was tapped where it stood unstyled).
  await target.page().waitForLoadState('load');
  const box = await target.boundingBox();
  if (!box) throw new Error(`${String(target)} has no box on screen`);
  const { fx = 0.5, fy = 0.5 } = at;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

/**
 * Whether a finger at `at` lands on `target` (or something inside it): the test checks this, as
 * a region covered by something else would make it prove nothing.
 */
export async function landsOn(target: Locator, at: Point): Promise<boolean> {
  return target.evaluate((element, { x, y }) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  }, at);
}
