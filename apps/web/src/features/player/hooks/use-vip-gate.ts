import type { Episode } from '@drama/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { signInPathFor } from '../../../shared/session/sign-in-path';
import { toast } from '../../../shared/ui/toast/toast-store';
import { membershipPathFor, playerPathFor } from '../../../shared/watch-target/watch-target';
import { reportPaywallSeen } from '../api/report-paywall';
import { canWatch, type StartChoice } from '../lib/start-episode';

/** Tells the membership page that Back returns to this player (it is the previous entry). */
export interface FromPlayerState {
  fromPlayer: true;
}

interface VipGateOptions {
  dramaId: number;
  /** In order. */
  episodes: readonly Episode[];
  /** The episode on screen. */
  episode: Episode;
  start: StartChoice<Episode>;
  vip: boolean;
  /** Whether the episode on screen may play for this viewer. */
  accessible: boolean;
  /** The server refused the episode on screen (a VIP that just ran out). */
  refused: boolean;
  /** Switches episode without asking the gate (the target is known to be watchable). */
  play: (episode: Episode) => void;
}

/** A locked episode the viewer asked for while a free one plays in its place. */
interface Wanted {
  episode: Episode;
  instead: number;
}

/**
 * The one thing a locked episode shows: its gate (a sheet leading to sign-in or membership,
 * carrying the episode there and back), never a toast beside it. When a free episode plays in
 * place of the asked-for one, that one's gate stays a tap away (`wanted`).
 */
export function useVipGate({ dramaId, episodes, episode, start, vip, accessible, refused, play }: VipGateOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [openFor, setOpenFor] = useState<Episode | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [wanted, setWanted] = useState<Wanted | null>(() =>
    start.wanted ? { episode: start.wanted, instead: start.episode.id } : null,
  );

  // An episode on screen that cannot play (nothing free, or come to unlock it) opens its gate too.
  const promptEpisode = openFor ?? ((refused || !accessible) && dismissed !== episode.id ? episode : null);

  const open = useCallback((target: Episode) => setOpenFor(target), []);

  const close = useCallback(() => {
    setOpenFor(null);
    if (!accessible && (openFor === null || openFor.id === episode.id)) {
      // Turned down the gate of the episode on screen: the spec's rule for a locked episode,
      // the first free one, with this one still a tap away.
      const free = episodes.find((item) => canWatch(item, vip));
      if (free) {
        setWanted({ episode, instead: free.id });
        play(free);
        toast.info(t('player.playingFree'));
        return;
      }
    }
    setDismissed(episode.id);
  }, [accessible, openFor, episode, episodes, vip, play, t]);

  const join = useCallback(() => {
    if (!promptEpisode) return;
    const state: FromPlayerState = { fromPlayer: true };
    void navigate(membershipPathFor({ dramaId, episodeId: promptEpisode.id }), { state });
  }, [navigate, dramaId, promptEpisode]);

  // Back from signing in, the player opens on this episode's gate (or plays it, for a VIP).
  const signIn = useCallback(() => {
    if (promptEpisode) void navigate(signInPathFor(playerPathFor({ dramaId, episodeId: promptEpisode.id }, { unlock: true })));
  }, [navigate, dramaId, promptEpisode]);

  const shownWanted =
    wanted && wanted.instead === episode.id && !canWatch(wanted.episode, vip) ? wanted.episode : null;

  // A locked episode refused (its gate shown, or a free one playing in its place) is a paywall
  // hit for the operators' funnel, reported once per episode on this screen.
  const reported = useRef(new Set<number>());
  const refusedId = promptEpisode?.id ?? shownWanted?.id ?? null;
  useEffect(() => {
    if (refusedId === null || reported.current.has(refusedId)) return;
    reported.current.add(refusedId);
    reportPaywallSeen(refusedId);
  }, [refusedId]);

  return { promptEpisode, wanted: shownWanted, open, close, join, signIn };
}
