import { useTranslation } from '../../../shared/i18n/i18n';
import { BindContactForm } from '../components/bind-contact-form';
import { SettingsSubpage } from '../components/settings-subpage';

export function BindEmailPage() {
  const { t } = useTranslation();
  return (
    <SettingsSubpage title={t('routes.bindEmail')}>
      <BindContactForm channel="email" />
    </SettingsSubpage>
  );
}
