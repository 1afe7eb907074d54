import { LIMITS } from '@drama/contracts';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { TextField, type TextFieldProps } from './text-field';

type CodeFieldProps = Omit<TextFieldProps, 'label' | 'trailing' | 'onValueChange'> & {
  onValueChange: (value: string) => void;
  onSend: () => void;
  sending: boolean;
  /** Seconds until another code may be sent; 0 when it may be sent now. */
  secondsLeft: number;
  /** Codes the destination may still get today, once the server has said. */
  remainingToday: number | null;
  /** Whether a code was sent in this visit: the button then says "Resend". */
  sentBefore: boolean;
};

/** The 6-digit code with its send button, the resend countdown and today's allowance. */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  { onValueChange, onSend, sending, secondsLeft, remainingToday, sentBefore, error, hint, ...props },
  ref,
) {
  const { t } = useTranslation();
  const length = LIMITS.verificationCodeLength;
  const noneLeft = remainingToday === 0;
  const waiting = secondsLeft > 0;
  const label = sending
    ? t('code.sending')
    : waiting
      ? t('code.resendIn', { seconds: secondsLeft })
      : sentBefore
        ? t('code.resend')
        : t('code.send');
  const allowance =
    remainingToday === null ? undefined : noneLeft ? t('code.noneLeftToday') : t('code.remainingToday', { count: remainingToday });

  return (
    <TextField
      ref={ref}
      icon={ShieldCheck}
      label={t('code.label')}
      placeholder={t('code.placeholder', { length })}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={length}
      error={error}
      hint={hint}
      note={allowance ? <span data-testid="code-allowance">{allowance}</span> : undefined}
      onValueChange={(value) => onValueChange(value.replace(/\D/g, '').slice(0, length))}
      {...props}
      className={`${props.className ?? ''} [&_input]:tabular-nums [&_input:not(:placeholder-shown)]:tracking-[0.3em]`}
      trailing={
        <button
          type="button"
          onClick={onSend}
          disabled={sending || waiting || noneLeft}
          data-testid="send-code"
          aria-live="polite"
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold whitespace-nowrap text-accent tabular-nums transition-colors active:bg-accent-soft disabled:text-fg-subtle"
        >
          {sending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          {label}
        </button>
      }
    />
  );
});
