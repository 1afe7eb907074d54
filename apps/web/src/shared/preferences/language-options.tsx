import { Check } from 'lucide-react';
import { LOCALES, type Locale } from '@drama/contracts';
import { useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { changeLocale, useLocale } from '../i18n/i18n';
import { HiddenRadio } from './hidden-radio';

interface LanguageOptionsProps {
  /** Called after the switch, e.g. to close a sheet. */
  onChanged?: (locale: Locale) => void;
  showLegend?: boolean;
  /** The list's background: sunken inside a sheet, raised on a page. */
  surface?: 'sunken' | 'raised';
}

/** The three locales as a radio list; each name is shown in its own language. */
export function LanguageOptions({ onChanged, showLegend = true, surface = 'sunken' }: LanguageOptionsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  // A language may need its resources fetched first; the choice shows at once meanwhile.
  const [pending, setPending] = useState<Locale | null>(null);
  const selected = pending ?? locale;
  const choose = (value: Locale) => {
    setPending(value);
    void changeLocale(value)
      .then(() => onChanged?.(value))
      .finally(() => setPending(null));
  };
  return (
    <fieldset>
      <legend className={showLegend ? 'mb-2 text-[13px] font-medium text-fg-muted' : 'sr-only'}>
        {t('preferences.language')}
      </legend>
      <div
        className={`overflow-hidden rounded-2xl border border-line ${surface === 'raised' ? 'bg-surface' : 'bg-surface-2'}`}
      >
        {LOCALES.map((value, index) => {
          const checked = value === selected;
          return (
            <label
              key={value}
              lang={value}
              className={`flex min-h-13 cursor-pointer items-center gap-3 px-4 text-[15px] has-[:focus-visible]:bg-surface-3 ${
                index > 0 ? 'border-t border-line' : ''
              } ${checked ? 'font-semibold text-fg' : 'text-fg-muted'}`}
            >
              <HiddenRadio name="language" value={value} checked={checked} onChoose={choose} />
              <span className="flex-1">{t(`languages.${value}`)}</span>
              {checked && <Check aria-hidden className="size-5 text-accent" strokeWidth={2.5} />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
