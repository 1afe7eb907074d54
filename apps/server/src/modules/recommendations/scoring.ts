/**
 * The "For you" rule (README, "For you"), as the numbers the SQL in queries.ts uses. Kept here,
 * pure, so the rule is read and tested in one place.
 *
 * A member's seeds are the dramas they engaged with, each weighted:
 *   watched: WATCH + REACHED × (share of the drama's episodes they reached, 0..1)
 *   liked an episode of it: + LIKE;  favourited it: + FAVORITE
 * A candidate (a published drama the member has not finished) gets, from each seed s other than
 * itself, (weight of s / total weight of all seeds) ×
 *   ( CATEGORY × [same category as s]
 *   + TAG × (share of the candidate's tags that s has too)
 *   + CO_WATCH × (share of s's watchers who also watched the candidate, from drama_co_watch) )
 * Its score is the sum; its "because" is the seed that gave the most. Candidates with no score
 * are not kept; ties go to the popular order (explore_score, then id).
 */
export const WEIGHTS = {
  WATCH: 1,
  REACHED: 2,
  LIKE: 2,
  FAVORITE: 3,
  CATEGORY: 3,
  TAG: 1,
  CO_WATCH: 2,
} as const;

/** A drama counts as finished at its last episode with this share of the episode played. */
export const FINISHED_SHARE = 0.9;
/** The seeds a member's refresh looks at: their heaviest. */
export const MAX_SEEDS = 50;
/** The dramas kept per member. */
export const MAX_RECOMMENDATIONS = 50;
/** Co-watched dramas kept per drama. */
export const CO_WATCH_TOP = 20;
/** Only members active within this many days are refreshed by the scheduled job. */
export const ACTIVE_DAYS = 90;

export type Weights = typeof WEIGHTS;

/** A seed's weight, as the SQL computes it (the unit tests hold the SQL to the same numbers). */
export function seedWeight(signal: { reached: number | null; liked: boolean; favorited: boolean }, weights: Weights = WEIGHTS): number {
  const watched = signal.reached === null ? 0 : weights.WATCH + weights.REACHED * Math.min(1, Math.max(0, signal.reached));
  return watched + (signal.liked ? weights.LIKE : 0) + (signal.favorited ? weights.FAVORITE : 0);
}

/** One seed's contribution to a candidate, as the SQL computes it. */
export function contribution(
  seed: { weight: number; sameCategory: boolean; tagShare: number; coWatchShare: number },
  totalWeight: number,
  weights: Weights = WEIGHTS,
): number {
  if (totalWeight <= 0) return 0;
  return (
    (seed.weight / totalWeight) *
    (weights.CATEGORY * (seed.sameCategory ? 1 : 0) + weights.TAG * seed.tagShare + weights.CO_WATCH * seed.coWatchShare)
  );
}
