import { useTranslation } from '../../../shared/i18n/i18n';
import { LanguageOptions } from '../../../shared/preferences/language-options';
import { SettingsSubpage } from '../components/settings-subpage';

export function LanguagePage() {
  const { t } = useTranslation();
  return (
    <SettingsSubpage title={t('routes.language')}>
      <div className="px-4 pt-5">
        <LanguageOptions showLegend={false} surface="raised" />
        <p className="mt-3 px-1 text-[13px] leading-relaxed text-fg-subtle">{t('settings.languageHint')}</p>
      </div>
    </SettingsSubpage>
  );
}
