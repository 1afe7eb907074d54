import { CircleAlert, Ticket, X } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';

interface RedeemCodeFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}

/**
 * The code exactly as typed: codes are case-sensitive, so the keyboard must not capitalise,
 * correct or complete it; a monospaced face keeps O and 0, l and 1 apart.
 */
export const RedeemCodeField = forwardRef<HTMLInputElement, RedeemCodeFieldProps>(function RedeemCodeField(
  { id, value, onValueChange, error, disabled = false },
  ref,
) {
  const { t } = useTranslation();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block px-1 text-[13px] font-medium text-fg-muted">
        {t('redeem.label')}
      </label>
      <div
        className={`flex min-h-14 items-center gap-2.5 rounded-2xl border pr-1.5 pl-3.5 transition-[border-color,box-shadow] duration-150 focus-within:shadow-[0_0_0_3px_var(--accent-soft)] ${
          error
            ? 'border-danger bg-danger/[0.06] focus-within:border-danger'
            : 'border-line-strong bg-surface focus-within:border-accent dark:border-line dark:bg-surface-2'
        }`}
      >
        <Ticket aria-hidden className="size-5 shrink-0 text-fg-subtle" strokeWidth={2} />
        <input
          ref={ref}
          id={id}
          name="code"
          type="text"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          placeholder={t('redeem.placeholder')}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={64}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          className="h-[52px] min-w-0 flex-1 bg-transparent font-mono text-[17px] tracking-wider text-fg outline-none placeholder:font-sans placeholder:tracking-normal placeholder:text-fg-subtle focus-visible:outline-none disabled:opacity-60"
        />
        {value && !disabled && (
          <button
            type="button"
            onClick={() => onValueChange('')}
            aria-label={t('redeem.clear')}
            className="grid size-11 shrink-0 place-items-center rounded-full text-fg-subtle active:bg-surface-2"
          >
            <X aria-hidden className="size-[18px]" />
          </button>
        )}
      </div>
      {error ? (
        <p id={messageId} role="alert" className="mt-1.5 flex items-start gap-1 px-1 text-[13px] leading-snug text-danger" data-testid="redeem-error">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" strokeWidth={2.2} />
          <span>{error}</span>
        </p>
      ) : (
        <p id={messageId} className="mt-1.5 px-1 text-[13px] leading-snug text-fg-subtle">
          {t('redeem.caseNote')}
        </p>
      )}
    </div>
  );
});
