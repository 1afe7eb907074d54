import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from '../i18n/i18n';
import { BottomSheet } from '../ui/bottom-sheet';
import { settleChallenge, usePendingChallenge } from './challenge-store';

// The widget and its worker load only when a check is asked for, never with a page.
const ChallengeWidget = lazy(() => import('./challenge-widget'));

/** The "quick check" sheet: shown only when the server asks for a solved challenge. */
export function ChallengeSheetHost() {
  const { t } = useTranslation();
  const pending = usePendingChallenge();
  const id = pending?.id;
  const close = useCallback(() => {
    if (id !== undefined) settleChallenge(id, null);
  }, [id]);
  const solved = useCallback(
    (payload: string) => {
      if (id !== undefined) settleChallenge(id, payload);
    },
    [id],
  );

  return (
    <BottomSheet open={pending !== null} title={t('challenge.title')} onClose={close}>
      <div className="flex flex-col gap-3 px-5 pt-1 pb-2" data-testid="challenge-sheet">
        <p className="text-sm leading-relaxed text-fg-muted">{t('challenge.why')}</p>
        {pending && (
          <Suspense fallback={<p className="text-sm text-fg-muted">{t('challenge.loading')}</p>}>
            <ChallengeWidget key={pending.id} onSolved={solved} />
          </Suspense>
        )}
      </div>
    </BottomSheet>
  );
}
