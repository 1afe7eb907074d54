import { useTranslation } from '../../../shared/i18n/i18n';
import { LanguageOptions } from '../../../shared/preferences/language-options';
import { PageHeader } from '../../../shared/ui/page-header';

export function LanguagePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t('routes.language')} fallback="/settings" />
      <div className="px-4 pt-5">
        <LanguageOptions showLegend={false} surface="raised" />
        <p className="mt-3 px-1 text-[13px] leading-relaxed text-fg-subtle">{t('settings.languageHint')}</p>
      </div>
    </div>
  );
}
