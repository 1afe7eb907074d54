/**
 * Web Push for members (issue 25): asked for only after a member favourites a drama or opens the
 * bell, never on first load. This first version is a no-op placeholder so callers can wire it in;
 * the subscription flow follows in the same folder.
 */
export async function requestPushOnce(): Promise<void> {
  // Intentionally empty until the subscription flow lands.
}
