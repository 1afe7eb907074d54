import { siteNameIn, type SystemSettings } from '@drama/contracts';
import { FileText } from 'lucide-react';
import { useMemo } from 'react';
import { useLocale, useTranslation } from '../../../shared/i18n/i18n';
import { legalTextToHtml } from '../../../shared/legal-html/legal-html';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import '../legal.css';

type LegalKey = Extract<keyof SystemSettings, 'userAgreement' | 'privacyPolicy'>;

/** What a legal page shows: the settings it renders, and the state of loading them. */
interface LegalSource {
  settings: Pick<SystemSettings, 'siteName' | 'contact' | LegalKey> | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

function LegalPage({ field, title }: { field: LegalKey; title: string }) {
  const { data, error, isPending, refetch } = useSystemSettings();
  return <LegalView field={field} title={title} source={{ settings: data, error, isPending, refetch }} />;
}

/**
 * A legal page with the text given instead of the stored one: the console's preview
 * (legal-preview-page.tsx) renders through this, so an operator sees exactly what members will.
 */
export function LegalView({ field, title, source }: { field: LegalKey; title: string; source: LegalSource }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { settings, error, isPending, refetch } = source;
  // The only HTML this page renders: escaped first, then shaped (shared/legal-html).
  const html = useMemo(() => {
    if (!settings) return '';
    return legalTextToHtml(settings[field], {
      platformName: siteNameIn(settings.siteName, locale),
      contact: settings.contact.trim() || t('support.noContact'),
    });
  }, [settings, field, t, locale]);

  return (
    <div className="flex flex-1 flex-col pb-12" data-testid="legal-page">
      <PageHeader title={title} fallback="/" />
      {error && !settings ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <div className="space-y-3 px-5 pt-6" aria-hidden>
          <Skeleton className="h-6 w-1/2 rounded-md" />
          <Skeleton className="h-4 w-full rounded-md" />
          <Skeleton className="h-4 w-11/12 rounded-md" />
          <Skeleton className="h-4 w-4/5 rounded-md" />
        </div>
      ) : html === '' ? (
        <EmptyState className="mt-10" icon={FileText} title={t('legal.empty')} />
      ) : (
        <article
          className="legal-text px-5 pt-5"
          data-testid="legal-text"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </div>
  );
}

export function AgreementPage() {
  const { t } = useTranslation();
  return <LegalPage field="userAgreement" title={t('routes.agreement')} />;
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalPage field="privacyPolicy" title={t('routes.privacy')} />;
}
