import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../i18n/i18n';
import type { TranslationKey } from '../i18n/i18n';
import { THEME_PREFERENCES, setThemePreference, useTheme, type ThemePreference } from '../theme/theme-store';
import { HiddenRadio } from './hidden-radio';

const OPTIONS: Record<ThemePreference, { icon: LucideIcon; label: TranslationKey }> = {
  light: { icon: Sun, label: 'preferences.themeLight' },
  dark: { icon: Moon, label: 'preferences.themeDark' },
  auto: { icon: Monitor, label: 'preferences.themeAuto' },
};

/** Light / dark / system as a segmented radio group. */
export function ThemeOptions({ legend }: { legend?: string } = {}) {
  const { t } = useTranslation();
  const { preference } = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-[13px] font-medium text-fg-muted">{legend ?? t('preferences.theme')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {THEME_PREFERENCES.map((value) => {
          const { icon: Icon, label } = OPTIONS[value];
          const checked = preference === value;
          return (
            <label
              key={value}
              className={`relative flex min-h-[72px] cursor-pointer flex-col items-center justify-center gap-1.5 rounded-2xl border text-[13px] font-medium transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                checked ? 'border-accent bg-accent-soft text-accent' : 'border-line bg-surface-2 text-fg-muted'
              }`}
            >
              <HiddenRadio name="theme" value={value} checked={checked} onChoose={setThemePreference} />
              <Icon aria-hidden className="size-5" strokeWidth={1.9} />
              {t(label)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
