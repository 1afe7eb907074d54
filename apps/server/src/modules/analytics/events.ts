import type { AppContext } from '../../platform/context.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import './tables.js';

/** A position this close to the end (or past this share of the episode) counts the episode completed. */
export const COMPLETION_TAIL_SECONDS = 5;
export const COMPLETION_SHARE = 0.9;

export function isCompleted(position: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && (position >= durationSeconds - COMPLETION_TAIL_SECONDS || position >= durationSeconds * COMPLETION_SHARE);
}

/** A viewer's paywall hits on one episode closer together than this count once. */
export const PAYWALL_REPEAT_MS = 10 * 60_000;

export interface ViewingEvent {
  userId: number | null;
  dramaId: number;
  episodeId: number;
}

/**
 * Raw analytics events: one insert each, holding nothing about the viewer but the member id.
 * A failure is logged by the caller's request and never fails the viewer's call.
 */
export const analyticsEvents = {
  /** An episode started (the watch call). */
  async play(ctx: AppContext, event: ViewingEvent): Promise<void> {
    await insert(ctx, 'play', event, 0);
  },
  /** A position report: the furthest position a member reached is the day's watch time of the episode. */
  async progress(ctx: AppContext, event: ViewingEvent, position: number, durationSeconds: number): Promise<void> {
    await insert(ctx, isCompleted(position, durationSeconds) ? 'complete' : 'progress', event, Math.max(0, Math.round(position)));
  },
  /**
   * A locked episode refused (no VIP, or a guest). Every path that sees one (the player's gate
   * report, a refused play call, a refused watch call) comes here, and a hit counts once per
   * viewer (a member, or a guest's address) and episode in PAYWALL_REPEAT_MS: a viewer coming
   * back to the gate, a page reloaded or the player asking twice is the same hit. Returns
   * whether this one was counted.
   */
  async paywall(ctx: AppContext, event: ViewingEvent, guestAddress: string | null = null): Promise<boolean> {
    const who = event.userId !== null ? `member:${event.userId}` : guestAddress ? `address:${guestAddress}` : null;
    if (who && !(await firstHitInWindow(ctx, `${who}:${event.episodeId}`))) return false;
    await insert(ctx, 'paywall', event, 0);
    return true;
  },
};

/** One window per app: its counters are shared by every instance when limits live in Redis. */
const paywallWindows = new WeakMap<AppContext, RateLimiter>();

/**
 * Whether this is the first paywall hit of `key` in PAYWALL_REPEAT_MS. The counter is taken
 * before the event is written, atomically, so hits that arrive together count once.
 */
async function firstHitInWindow(ctx: AppContext, key: string): Promise<boolean> {
  let windows = paywallWindows.get(ctx);
  if (!windows) {
    windows = ctx.rateLimits.create('paywall-hits', 1, PAYWALL_REPEAT_MS);
    paywallWindows.set(ctx, windows);
  }
  try {
    return (await windows.hit(key)).allowed;
  } catch {
    // A counter that cannot be read must not lose the hit: counted, at worst twice.
    return true;
  }
}

async function insert(ctx: AppContext, kind: 'play' | 'progress' | 'complete' | 'paywall', event: ViewingEvent, seconds: number): Promise<void> {
  try {
    await ctx.db
      .insertInto('analytics_events')
      .values({ kind, user_id: event.userId, drama_id: event.dramaId, episode_id: event.episodeId, seconds, occurred_at: ctx.clock() })
      .execute();
  } catch {
    // Counting must never cost the viewer the call; a lost event is a rounding error in a figure.
  }
}
