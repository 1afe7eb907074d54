import type { Episode } from '@drama/contracts';
import { Crown } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { PlayerSheet } from './player-sheet';

interface VipPromptProps {
  episode: Episode | null;
  signedIn: boolean;
  onClose: () => void;
  onJoin: () => void;
  onSignIn: () => void;
}

/** A locked episode for a non-VIP: join VIP, or (a guest) sign in first and come back to this episode's gate. */
export function VipPrompt({ episode, signedIn, onClose, onJoin, onSignIn }: VipPromptProps) {
  const { t } = useTranslation();
  return (
    <PlayerSheet
      open={episode !== null}
      onClose={onClose}
      title={t('player.vipTitle', { episode: episode?.sequence ?? 0 })}
      testId="vip-prompt"
    >
      <div className="flex flex-col items-center pt-2 pb-3 text-center">
        <div className="grid size-16 place-items-center rounded-full bg-gradient-to-br from-gold-fill to-gold-fill-2 shadow-[0_10px_30px_-10px_var(--gold-fill-2)]">
          <Crown aria-hidden className="size-8 text-on-gold" strokeWidth={2} />
        </div>
        {/* The spec's 'this episode needs VIP' is said here, in the sheet, not in a toast beside it. */}
        <p className="mt-4 text-[15px] font-semibold" data-testid="vip-prompt-reason">
          {t('player.needsVip')}
        </p>
        <p className="mt-1 max-w-xs text-sm leading-relaxed text-fg-muted">
          {signedIn ? t('player.vipBody') : t('player.guestVipBody')}
        </p>
        <button
          type="button"
          data-testid={signedIn ? 'vip-join' : 'vip-sign-in'}
          onClick={signedIn ? onJoin : onSignIn}
          className="mt-5 inline-flex min-h-12 w-full max-w-xs items-center justify-center gap-2 rounded-full bg-gradient-to-r from-gold-fill to-gold-fill-2 text-[15px] font-bold text-on-gold shadow-[0_10px_24px_-12px_var(--gold-fill-2)] active:scale-[0.98]"
        >
          <Crown aria-hidden className="size-4" />
          {signedIn ? t('player.joinVip') : t('player.signInToWatch')}
        </button>
        <button type="button" onClick={onClose} className="mt-2 min-h-11 px-6 text-sm font-medium text-fg-muted">
          {t('player.notNow')}
        </button>
      </div>
    </PlayerSheet>
  );
}
