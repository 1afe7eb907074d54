/**
 * The episode a viewer set out to watch when a locked episode sent them to sign in or to buy
 * VIP. It travels in the address (`?drama=&episode=`) of every page on the way (membership,
 * checkout, payment, result), so a reload or the trip to a payment app and back keeps it, and
 * the last step can lead back to that episode.
 *
 * Read by the player too, which loads no zod: the ids are checked by hand, to the same rule as
 * the contracts' `idSchema` (a positive whole number that fits a 32-bit id).
 */
export interface WatchTarget {
  dramaId: number;
  episodeId: number;
}

const MAX_ID = 2_147_483_647;

/** A positive whole id in plain digits, else null: no signs, spaces, exponents or leading zeros. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** The target named by a page's query, or null when either id is missing or malformed. */
export function readWatchTarget(params: URLSearchParams): WatchTarget | null {
  const dramaId = parseId(params.get('drama'));
  const episodeId = parseId(params.get('episode'));
  return dramaId === null || episodeId === null ? null : { dramaId, episodeId };
}

/** `path` with the target added to its query (kept as is without one). */
export function withWatchTarget(path: string, target: WatchTarget | null): string {
  if (!target) return path;
  const [base = '', hash] = path.split('#', 2);
  const [pathname = '', search = ''] = base.split('?', 2);
  const params = new URLSearchParams(search);
  params.set('drama', String(target.dramaId));
  params.set('episode', String(target.episodeId));
  return `${pathname}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * The player at the target. With `unlock`, a locked episode opens on its own gate instead of
 * falling back to a free one: the viewer came back from signing in to unlock it.
 */
export function playerPathFor(target: WatchTarget, options: { unlock?: boolean } = {}): string {
  return `/player/${target.dramaId}?episode=${target.episodeId}${options.unlock ? '&unlock=1' : ''}`;
}

/** The membership page that says which episode it unlocks. */
export function membershipPathFor(target: WatchTarget | null): string {
  return withWatchTarget('/membership', target);
}
