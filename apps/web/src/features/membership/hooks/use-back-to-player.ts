import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { playerPathFor, type WatchTarget } from '../../../shared/watch-target/watch-target';

function cameFromPlayer(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromPlayer?: unknown }).fromPlayer === true;
}

/**
 * Back to the player without paying. Opened from the player's gate, the player is the previous
 * entry: going back to it keeps history as the viewer left it. Otherwise (a reload, a sign-in
 * on the way) the player is opened in this page's place.
 */
export function useBackToPlayer(target: WatchTarget | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromPlayer = cameFromPlayer(location.state) && location.key !== 'default';
  return useCallback(() => {
    if (!target) return;
    if (fromPlayer) void navigate(-1);
    else void navigate(playerPathFor(target), { replace: true });
  }, [navigate, target, fromPlayer]);
}
