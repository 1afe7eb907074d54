import type { Episode } from '@drama/contracts';
import { Lock } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { CoverImage } from '../../../shared/ui/cover-image';
import { ownTap } from '../lib/own-tap';

/**
 * What a locked episode on screen shows in place of a picture that cannot come: the drama's
 * cover and a way to its gate, so a closed gate never leaves a black screen and a dead play button.
 */
export function LockedCover({ coverUrl, episode, onUnlock }: { coverUrl: string; episode: Episode; onUnlock: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="locked-cover" className="absolute inset-0 z-[15] overflow-hidden bg-black">
      {coverUrl && (
        <CoverImage
          src={coverUrl}
          eager
          widths={[160]}
          sizes="160px"
          className="absolute inset-0 size-full scale-110 object-cover opacity-45 blur-xl"
        />
      )}
      <div className="absolute inset-0 flex flex-col items-center justify-center px-10 pb-16 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-black/45 ring-1 ring-gold/50 backdrop-blur-md">
          <Lock aria-hidden className="size-7 text-gold" strokeWidth={2} />
        </span>
        <p className="mt-4 text-base font-semibold drop-shadow-[0_1px_2px_rgb(0_0_0/0.7)]">
          {t('player.vipTitle', { episode: episode.sequence })}
        </p>
        <p className="mt-1 text-sm text-white/75 drop-shadow-[0_1px_2px_rgb(0_0_0/0.7)]">{t('player.needsVip')}</p>
        <button
          type="button"
          data-testid="locked-cover-unlock"
          onClick={ownTap(onUnlock)}
          className="mt-5 inline-flex min-h-11 items-center justify-center rounded-full bg-gradient-to-r from-gold-fill to-gold-fill-2 px-7 text-[15px] font-bold text-on-gold active:scale-[0.98]"
        >
          {t('player.unlock')}
        </button>
      </div>
    </div>
  );
}
