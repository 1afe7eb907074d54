import { Clapperboard, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle } from '../../../shared/navigation/route-handle';
import { PageHeader } from '../../../shared/ui/page-header';

/** Stands in for screens that later work builds; titled after the route so navigation reads right. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = handle?.titleKey ? t(handle.titleKey) : t('placeholder.comingSoon');

  return (
    <div className="flex flex-1 flex-col" data-testid="coming-soon">
      {handle?.tabRoot ? (
        <header className="px-4 pt-[calc(env(safe-area-inset-top)+16px)] pb-2">
          <h1 className="text-[28px] font-bold tracking-tight">{title}</h1>
        </header>
      ) : (
        <PageHeader title={title} />
      )}
      <div className="flex flex-1 flex-col items-center justify-center px-8 pt-8 pb-20 text-center">
        <div className="relative">
          <div aria-hidden className="absolute -inset-6 rounded-full bg-accent-soft blur-2xl" />
          <div className="relative grid size-24 rotate-[-6deg] place-items-center rounded-[28px] bg-gradient-to-br from-accent-fill-2 to-accent-fill text-on-accent shadow-[0_18px_40px_-16px_var(--accent-fill)]">
            <Clapperboard aria-hidden className="size-11" strokeWidth={1.6} />
          </div>
        </div>
        <p className="mt-8 text-xl font-bold tracking-tight">{t('placeholder.comingSoon')}</p>
        <p className="mt-2 max-w-[280px] text-sm leading-relaxed text-fg-muted">{t('placeholder.description')}</p>
        {!handle?.tabRoot && (
          <Link to="/" className="btn-secondary mt-8">
            <House aria-hidden className="size-4" />
            {t('placeholder.backHome')}
          </Link>
        )}
      </div>
    </div>
  );
}
