import { useTranslation } from '../../../shared/i18n/i18n';
import { PageHeader } from '../../../shared/ui/page-header';
import { BindContactForm } from '../components/bind-contact-form';

export function BindPhonePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t('routes.bindPhone')} fallback="/settings" />
      <BindContactForm channel="phone" />
    </div>
  );
}
