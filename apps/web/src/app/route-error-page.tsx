import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '../shared/i18n/i18n';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

// Chromium, Firefox and Safari word a failed dynamic import differently.
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

/** Shown when a page cannot load its code or throws; the rest of the app keeps working. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailed = error instanceof Error && CHUNK_ERROR.test(error.message);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = chunkFailed
    ? t('common.componentLoadFailed')
    : notFound
      ? t('common.notFound')
      : t('common.unknownError');

  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center px-8 py-16 text-center">
      <div className="grid size-16 place-items-center rounded-full bg-accent-soft text-accent">
        <TriangleAlert aria-hidden className="size-7" strokeWidth={1.75} />
      </div>
      <h1 className="mt-4 text-lg font-semibold">{t('errors.pageTitle')}</h1>
      <p className="mt-1.5 max-w-xs text-sm text-fg-muted">{message}</p>
      <div className="mt-6 flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden className="size-4" />
          {t('common.reload')}
        </button>
        <Link to="/" className="btn-secondary">
          {t('placeholder.backHome')}
        </Link>
      </div>
    </div>
  );
}

/** The last resort, outside the layout: keeps the phone frame so the page does not look broken. */
export function RootErrorPage() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-[480px] flex-col bg-bg">
      <RouteErrorPage />
    </div>
  );
}
