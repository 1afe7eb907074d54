import type { DramaDetail, Episode } from '@drama/contracts';
import { ChevronLeft, Crown, Play } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { CoverImage } from '../../../shared/ui/cover-image';

interface UnlockTargetProps {
  drama: DramaDetail | null;
  episode: Episode | null;
  /** Already a VIP (another device, a redeemed code): the episode can be watched now. */
  unlocked: boolean;
  onBack: () => void;
}

/** Which episode this purchase is for, and the way back to it without buying. */
export function UnlockTarget({ drama, episode, unlocked, onBack }: UnlockTargetProps) {
  const { t } = useTranslation();
  if (!drama) return <div aria-hidden className="h-[96px] rounded-2xl border border-line bg-surface" />;
  const headline = episode
    ? unlocked
      ? t('membership.episodeUnlocked', { episode: episode.sequence })
      : t('membership.unlocksEpisode', { episode: episode.sequence })
    : drama.title;
  return (
    <section
      data-testid="unlock-target"
      aria-label={headline}
      className="flex items-center gap-3 rounded-2xl border border-gold/35 bg-gradient-to-r from-gold/12 to-transparent py-2.5 pr-2 pl-2.5"
    >
      <div className="relative aspect-[3/4] w-[54px] shrink-0 overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line">
        <CoverImage src={drama.coverUrl} eager widths={[160]} sizes="54px" className="size-full object-cover" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-[15px] leading-snug font-bold" data-testid="unlock-target-episode">
          <Crown aria-hidden className="size-4 shrink-0 text-gold" strokeWidth={2.2} />
          <span className="truncate">{headline}</span>
        </p>
        {episode && (
          <p className="mt-0.5 truncate text-[13px] text-fg-muted" data-testid="unlock-target-drama">
            {drama.title}
          </p>
        )}
        {!unlocked && (
          <button
            type="button"
            onClick={onBack}
            data-testid="unlock-target-back"
            className="-ml-1 inline-flex min-h-9 items-center gap-0.5 rounded-full pr-2 text-[13px] font-semibold text-accent active:bg-surface-2"
          >
            <ChevronLeft aria-hidden className="size-4" />
            {t('membership.backToDrama')}
          </button>
        )}
      </div>
      {unlocked && (
        <button type="button" onClick={onBack} data-testid="unlock-target-back" className="btn-primary h-9 shrink-0 px-4 text-sm">
          <Play aria-hidden className="size-3.5" fill="currentColor" />
          {t('membership.watchNow')}
        </button>
      )}
    </section>
  );
}
