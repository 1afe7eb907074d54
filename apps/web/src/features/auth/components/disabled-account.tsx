import { ShieldBan } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { StatusIcon } from '../../../shared/ui/status-icon';

/** Shown in place of the form when sign-in is refused because the account is disabled. */
export function DisabledAccount({ onUseAnother }: { onUseAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="account-disabled"
      className="flex animate-fade-in flex-col items-center rounded-3xl border border-line bg-surface px-6 py-8 text-center shadow-card"
    >
      <StatusIcon icon={ShieldBan} tone="bg-danger/12 text-danger" />
      <h2 className="mt-4 text-lg font-semibold">{t('auth.disabledTitle')}</h2>
      <p className="mt-2 text-sm leading-relaxed text-fg-muted">
        {t('auth.disabledMessage', { hours: t('profile.serviceHours') })}
      </p>
      <button type="button" className="btn-secondary mt-6 w-full" onClick={onUseAnother}>
        {t('auth.useAnotherAccount')}
      </button>
    </div>
  );
}
