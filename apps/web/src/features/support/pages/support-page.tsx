import { ChevronDown, Clock, Info, MessageSquareText, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { NavCard } from '../../../shared/ui/nav-card';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { isServiceOpen } from '../lib/service-hours';

const FAQ_TOPICS = ['vip', 'payment', 'redeem', 'points', 'account'] as const;
const MINUTE_MS = 60_000;

/** Whether the desk is open now; re-checked every minute while the page is open. */
function useServiceOpen(): boolean {
  const [open, setOpen] = useState(() => isServiceOpen(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setOpen(isServiceOpen(new Date())), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return open;
}

/** Customer service: hours, how to reach us (spec sections 1 and 8), answers to common questions. */
export function SupportPage() {
  const { t } = useTranslation();
  const { data: settings, isPending } = useSystemSettings();
  const open = useServiceOpen();
  const contact = settings?.contact?.trim();

  return (
    <div className="flex flex-1 flex-col pb-10" data-testid="support-page">
      <PageHeader title={t('routes.support')} fallback="/profile" />
      <div className="px-4 pt-4">
        <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          <div className="flex items-start gap-3 px-4 py-3.5">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
            {/* One list per row: a <dl> may hold only its terms and descriptions. */}
            <dl className="min-w-0 flex-1">
              <dt className="text-[13px] text-fg-subtle">{t('support.hoursLabel')}</dt>
              <dd className="mt-0.5 text-[15px] font-medium" data-testid="support-hours">
                {t('support.hours')}
              </dd>
              <dd className="mt-0.5 text-xs text-fg-subtle">{t('support.timeZone')}</dd>
            </dl>
            <span
              data-testid="support-open-state"
              data-open={open}
              className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${
                open ? 'bg-success/12 text-success' : 'bg-surface-3 text-fg-muted'
              }`}
            >
              <span aria-hidden className={`size-1.5 rounded-full ${open ? 'bg-success' : 'bg-fg-subtle'}`} />
              {open ? t('support.openNow') : t('support.closedNow')}
            </span>
          </div>
          <div className="flex items-start gap-3 px-4 py-3.5">
            <PhoneCall aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
            <dl className="min-w-0 flex-1">
              <dt className="text-[13px] text-fg-subtle">{t('support.contactLabel')}</dt>
              <dd className="mt-0.5 text-[15px] font-medium [overflow-wrap:anywhere]" data-testid="support-contact">
                {isPending ? <Skeleton className="h-5 w-40 rounded-md" /> : contact || t('support.noContact')}
              </dd>
            </dl>
          </div>
        </div>
        {!open && <p className="mt-2 px-1 text-xs leading-relaxed text-fg-subtle">{t('support.closedHint')}</p>}

        <Link to="/feedback" className="btn-primary mt-4 w-full" data-testid="support-feedback-link">
          <MessageSquareText aria-hidden className="size-4" />
          {t('support.writeFeedback')}
        </Link>

        <h2 className="mt-7 mb-2.5 px-1 text-[13px] font-semibold text-fg-muted">{t('support.faqTitle')}</h2>
        <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface" data-testid="support-faq">
          {FAQ_TOPICS.map((topic) => (
            <details key={topic} className="group" data-testid={`faq-${topic}`}>
              <summary className="flex min-h-13 cursor-pointer list-none items-center gap-3 px-4 py-3 text-[15px] font-medium [&::-webkit-details-marker]:hidden">
                <span className="min-w-0 flex-1">{t(`support.faq.${topic}.q`)}</span>
                <ChevronDown
                  aria-hidden
                  className="size-4 shrink-0 text-fg-subtle transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <p className="px-4 pb-4 text-sm leading-relaxed text-fg-muted">{t(`support.faq.${topic}.a`)}</p>
            </details>
          ))}
        </div>

        <NavCard to="/about" icon={Info} tone="bg-surface-3 text-fg-muted" label={t('routes.about')} className="mt-5" />
      </div>
    </div>
  );
}
