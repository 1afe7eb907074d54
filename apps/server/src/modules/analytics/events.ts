import type { AppContext } from '../../platform/context.js';
import './tables.js';

/** A position this close to the end (or past this share of the episode) counts the episode completed. */
export const COMPLETION_TAIL_SECONDS = 5;
export const COMPLETION_SHARE = 0.9;

export function isCompleted(position: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && (position >= durationSeconds - COMPLETION_TAIL_SECONDS || position >= durationSeconds * COMPLETION_SHARE);
}

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
  /** A locked episode refused (no VIP, or a guest). */
  async paywall(ctx: AppContext, event: ViewingEvent): Promise<void> {
    await insert(ctx, 'paywall', event, 0);
  },
};

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
