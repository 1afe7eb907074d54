import { SearchX } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t('routes.notFound')} />
      <EmptyState
        className="flex-1 justify-center pb-20"
        icon={SearchX}
        title={t('common.notFound')}
        description={t('notFound.description')}
        action={<EmptyStateLink to="/">{t('placeholder.backHome')}</EmptyStateLink>}
      />
    </div>
  );
}
