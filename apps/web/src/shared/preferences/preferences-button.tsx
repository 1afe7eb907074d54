import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { BottomSheet } from '../ui/bottom-sheet';
import { LanguageOptions } from './language-options';
import { ThemeOptions } from './theme-options';

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
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal aria-hidden className="size-[22px]" strokeWidth={1.9} />
      </button>
      <BottomSheet open={open} title={t('preferences.title')} onClose={close}>
        <div className="flex flex-col gap-6 pt-3 pb-2">
          <ThemeOptions />
          <LanguageOptions />
        </div>
      </BottomSheet>
    </>
  );
}
