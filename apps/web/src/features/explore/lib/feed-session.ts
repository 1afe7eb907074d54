import { isPositiveInt, isPositiveIntList } from '../../../shared/storage/value-checks';

/**
 * What the feed has shown in this browser session (sessionStorage, so a new session starts
 * fresh): the dramas already seen, never shown again even if the server sends them twice,
 * and the one on screen, where the feed picks up when the viewer comes back to it.
 */
export const FEED_SESSION_KEY = 'explore_session';
const MAX_SEEN = 500;

export interface FeedSession {
  seen: number[];
  current: number | null;
  /** The viewer tapped for sound once: later videos start with it. */
  sound: boolean;
}

/** Checked by hand (shared/storage/value-checks.ts says why). Unknown keys are dropped. */
export function readFeedSessionValue(value: unknown): FeedSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { seen, current, sound } = value as Record<string, unknown>;
  if (!isPositiveIntList(seen) || !(current === null || isPositiveInt(current)) || typeof sound !== 'boolean') return null;
  return { seen, current, sound };
}

const EMPTY: FeedSession = { seen: [], current: null, sound: false };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readFeedSession(): FeedSession {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(FEED_SESSION_KEY) ?? null;
  } catch (error) {
    console.warn('[explore] could not read the session', error);
  }
  if (!raw) return EMPTY;
  try {
    const session = readFeedSessionValue(JSON.parse(raw));
    if (session) return session;
  } catch {
    // Not JSON: treated like a value of the wrong shape.
  }
  console.warn('[explore] stored session has an unexpected shape; reset');
  return EMPTY;
}

function writeFeedSession(session: FeedSession): void {
  try {
    storage()?.setItem(FEED_SESSION_KEY, JSON.stringify(session));
  } catch (error) {
    console.warn('[explore] could not save the session', error);
  }
}

/** The drama now on screen: remembered as seen and as the place to come back to. */
export function markShown(dramaId: number): void {
  const session = readFeedSession();
  const seen = session.seen.includes(dramaId) ? session.seen : [...session.seen, dramaId].slice(-MAX_SEEN);
  writeFeedSession({ ...session, seen, current: dramaId });
}

export function rememberSound(sound: boolean): void {
  writeFeedSession({ ...readFeedSession(), sound });
}

/** "Start over": everything may be shown again (the sound choice stays). */
export function forgetSeen(): void {
  writeFeedSession({ ...readFeedSession(), seen: [], current: null });
}

/**
 * Dramas to hide when the feed opens: everything seen before, except the one that was on
 * screen, which the viewer comes back to.
 */
export function hiddenOnOpen(session: FeedSession): ReadonlySet<number> {
  return new Set(session.seen.filter((id) => id !== session.current));
}

/** The feed in order, each drama once, without the hidden ones. */
export function visibleItems<T extends { drama: { id: number } }>(
  pages: readonly { items: readonly T[] }[],
  hidden: ReadonlySet<number>,
): T[] {
  const shown = new Set<number>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (hidden.has(item.drama.id) || shown.has(item.drama.id)) continue;
      shown.add(item.drama.id);
      out.push(item);
    }
  }
  return out;
}
