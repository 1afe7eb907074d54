const RELOAD_MARK = 'drama:preload-reload';
const RELOAD_COOLDOWN_MS = 60_000;
/**
 * How long after `beforeunload` a failed chunk counts as the leaving page's. A `beforeunload`
 * need not end the page (a link into a payment app or a download leaves it open), so the page
 * is taken as staying once this has passed.
 */
export const LEAVING_MS = 5_000;

/** What the handler needs of the window; a test gives its own. */
export interface StaleBuildWindow extends Pick<EventTarget, 'addEventListener'> {
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'reload'>;
}

/**
 * After a deploy, an open tab may ask for page chunks that no longer exist (`vite:preloadError`).
 * Reload to get the new build, at most once a minute so a chunk that is really gone cannot loop;
 * then the route's error page offers a manual retry.
 *
 * A page being left fails its pending chunk loads too: Firefox cancels them as soon as the next
 * navigation starts, while the page still runs. Reloading then would cancel that navigation and
 * take the person back to the page they were leaving, so those failures are let through.
 */
export function reloadOnStaleBuild(target: StaleBuildWindow = window, now: () => number = Date.now): void {
  let leftAt = Number.NEGATIVE_INFINITY;
  target.addEventListener('beforeunload', () => {
    leftAt = now();
  });
  target.addEventListener('vite:preloadError', (event) => {
    if (now() - leftAt < LEAVING_MS) return;
    try {
      const last = Number(target.sessionStorage.getItem(RELOAD_MARK) ?? 0);
      if (now() - last < RELOAD_COOLDOWN_MS) return;
      target.sessionStorage.setItem(RELOAD_MARK, String(now()));
    } catch {
      return;
    }
    event.preventDefault();
    target.location.reload();
  });
}
