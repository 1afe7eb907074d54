import { SlidersHorizontal } from 'lucide-react';
import { lazy, useCallback, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { BottomSheet } from '../ui/bottom-sheet';

// The switches load with the sheet (which loads its own code on first opening anyway), so the
// first page, which shows this button, does not carry them. The tap asks for both at once.
const loadBody = () => import('./preferences-sheet-body');
const PreferencesSheetBody = lazy(loadBody);

/**
 * Theme and language for everyone: /settings is for members only, so guests reach the same
 * switches from this compact sheet.
 */
export function PreferencesButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className={`icon-btn ${className}`}
        aria-label={t('home.preferences')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="preferences-button"
        onClick={() => {
          // Only warms the module: the lazy component asks again and shows the failure itself.
          loadBody().catch(() => undefined);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden className="size-[22px]" strokeWidth={1.9} />
      </button>
      <BottomSheet open={open} title={t('preferences.title')} onClose={close}>
        <PreferencesSheetBody />
      </BottomSheet>
    </>
  );
}
