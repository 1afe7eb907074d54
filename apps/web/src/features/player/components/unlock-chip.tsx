import type { Episode } from '@drama/contracts';
import { Crown } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ownTap } from '../lib/own-tap';

/**
 * A free episode plays in place of the locked one the viewer asked for (spec section 4): this
 * keeps that one's gate a tap away for as long as the free episode is on screen.
 */
export function UnlockChip({ episode, onUnlock }: { episode: Episode; onUnlock: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="unlock-chip"
      onClick={ownTap(onUnlock)}
      // Below the top bar and clear of a toast's place, so the 'playing a free episode' toast never covers it.
      className="absolute top-[calc(env(safe-area-inset-top)+72px)] right-3 z-[26] inline-flex min-h-11 max-w-[75%] animate-fade-in items-center py-1"
    >
      <span className="inline-flex h-9 min-w-0 items-center gap-1.5 rounded-full border border-gold/40 bg-black/55 pr-1 pl-3 text-[13px] font-semibold text-white shadow-lg backdrop-blur-md active:scale-[0.97]">
        <Crown aria-hidden className="size-4 shrink-0 text-gold" />
        <span className="truncate">{t('player.wantedEpisode', { episode: episode.sequence })}</span>
        <span className="grid h-7 shrink-0 place-items-center rounded-full bg-gradient-to-r from-gold-fill to-gold-fill-2 px-3 text-xs font-bold text-on-gold">
          {t('player.unlock')}
        </span>
      </span>
    </button>
  );
}
