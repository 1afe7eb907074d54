import type { Plan } from '@drama/contracts';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formatYuan } from '../lib/format';
import { planSaving } from '../lib/saving';

interface PayBarProps {
  /** Undefined while the plans load: the total shows a dash rather than a wrong number. */
  plan: Plan | undefined;
  label: string;
  disabled?: boolean;
  pending?: boolean;
  onPay: () => void;
  testId?: string;
  /** Above the total: what is chosen for this payment (the channel), kept in view with it. */
  children?: ReactNode;
}

/** The total and the pay button, kept in reach above the tab bar however far the page scrolls. */
export function PayBar({ plan, label, disabled = false, pending = false, onPay, testId, children }: PayBarProps) {
  const { t } = useTranslation();
  const saving = plan ? planSaving(plan) : null;
  return (
    <div className="sticky bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-30 lg:bottom-0 mt-auto border-t border-line bg-bg/95 px-4 py-3 backdrop-blur-xl">
      {children}
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-fg-subtle">{t('membership.total')}</p>
          <p className="flex min-w-0 items-baseline gap-2">
            <span className="text-[26px] leading-tight font-bold tracking-tight text-accent tabular-nums" data-testid="pay-total">
              {plan ? formatYuan(plan.priceFen) : '—'}
            </span>
            {saving !== null && (
              <span className="truncate text-xs font-medium text-fg-muted">
                {t('membership.saving', { amount: formatYuan(saving) })}
              </span>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={onPay}
          disabled={disabled || pending}
          aria-busy={pending || undefined}
          data-testid={testId}
          className="btn-primary h-12 max-w-[60%] min-w-[40%] shrink-0 px-5 text-base disabled:opacity-60 disabled:active:scale-100"
        >
          {pending && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
          <span className="truncate">{label}</span>
        </button>
      </div>
    </div>
  );
}
