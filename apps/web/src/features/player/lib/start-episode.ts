export interface EpisodeRef {
  id: number;
  sequence: number;
  isFree: boolean;
}

export interface ResumePoint {
  episodeId: number;
  /** Seconds into the episode. */
  progress: number;
}

export interface StartChoice<E extends EpisodeRef> {
  episode: E;
  /** Where to start, in seconds. */
  startAt: number;
  /** Set when the viewer asked for (or last watched) a locked episode and a free one plays instead. */
  fellBackToFree: boolean;
  /** That locked episode, kept so its gate stays one tap away while the free one plays. */
  wanted?: E;
}

/** A locked episode plays only for an active VIP (DESIGN.md section 4). */
export function canWatch(episode: Pick<EpisodeRef, 'isFree'>, vip: boolean): boolean {
  return episode.isFree || vip;
}

/** A resume point this close to the end starts the episode over instead. */
const NEAR_END_SECONDS = 3;

/**
 * Which episode the player opens with: the one asked for in the URL; else where the viewer
 * stopped (server record for members, local history for guests); else the first. When that
 * episode is locked for the viewer, the first free one is chosen instead (spec section 4),
 * unless `unlock` says the viewer is back from signing in to unlock the asked-for one: then it
 * stays, and its gate (not a free episode they did not ask for) greets them.
 */
export function chooseStartEpisode<E extends EpisodeRef>(
  episodes: readonly E[],
  options: {
    requestedId: number | null;
    resume: ResumePoint | null;
    vip: boolean;
    unlock?: boolean;
    durationOf?: (episode: E) => number;
  },
): StartChoice<E> | null {
  const sorted = [...episodes].sort((a, b) => a.sequence - b.sequence);
  const first = sorted[0];
  if (!first) return null;
  const { requestedId, resume, vip } = options;
  const requested = requestedId === null ? undefined : sorted.find((episode) => episode.id === requestedId);
  const resumed = resume ? sorted.find((episode) => episode.id === resume.episodeId) : undefined;
  const wanted = requested ?? resumed ?? first;

  if (!canWatch(wanted, vip)) {
    const free = sorted.find((episode) => canWatch(episode, vip));
    // Nothing is free, or the viewer came to unlock it: stay on it, which shows the VIP prompt.
    if (!free || (options.unlock && wanted === requested)) return { episode: wanted, startAt: 0, fellBackToFree: false };
    return { episode: free, startAt: 0, fellBackToFree: true, wanted };
  }

  let startAt = 0;
  if (resume && resume.episodeId === wanted.id && resume.progress > 0) {
    const duration = options.durationOf?.(wanted) ?? Number.POSITIVE_INFINITY;
    startAt = resume.progress >= duration - NEAR_END_SECONDS ? 0 : resume.progress;
  }
  return { episode: wanted, startAt, fellBackToFree: false };
}
