import { Clock, MessageSquareText, PhoneCall } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';

/** Service hours (spec section 1) and the configured contact, with a way to write to us. */
export function CustomerServiceSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: settings } = useSystemSettings();
  const contact = settings?.contact?.trim();
  return (
    <BottomSheet open={open} title={t('profile.customerService')} onClose={onClose}>
      <dl className="mt-2 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-2">
        <div className="flex items-start gap-3 px-4 py-3.5">
          <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
          <div>
            <dt className="text-[13px] text-fg-subtle">{t('profile.serviceHoursLabel')}</dt>
            <dd className="mt-0.5 text-[15px] font-medium">{t('profile.serviceHours')}</dd>
          </div>
        </div>
        <div className="flex items-start gap-3 px-4 py-3.5">
          <PhoneCall aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
          <div className="min-w-0">
            <dt className="text-[13px] text-fg-subtle">{t('profile.contactLabel')}</dt>
            <dd className="mt-0.5 text-[15px] font-medium [overflow-wrap:anywhere]" data-testid="service-contact">
              {contact || t('profile.noContact')}
            </dd>
          </div>
        </div>
      </dl>
      <Link to="/feedback" onClick={onClose} className="btn-primary mt-4 mb-2 w-full">
        <MessageSquareText aria-hidden className="size-4" />
        {t('profile.feedback')}
      </Link>
    </BottomSheet>
  );
}
