import { LIMITS } from '@drama/contracts';
import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { useCodeSender } from '../../../shared/account/use-code-sender';
import { normaliseDestination } from '../../../shared/form/code-destination';
import { redirectQuery } from '../../../shared/form/safe-redirect';
import { useForm } from '../../../shared/form/use-form';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { EmailField } from '../../../shared/ui/form/email-field';
import { toast } from '../../../shared/ui/toast/toast-store';
import { AuthShell } from '../components/auth-shell';
import { validateResetRequest } from '../forms';

export interface VerificationState {
  email?: string;
}

/** Step 1 of the forgotten-password flow: the email to send a code to. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const carry = redirectQuery(params.get('redirect'));
  const form = useForm({ email: '' }, validateResetRequest);
  const target = normaliseDestination('email', form.values.email);
  const sender = useCodeSender('reset', 'email', target);
  const [failure, setFailure] = useState<string | null>(null);

  const toVerification = (to: string | null) => {
    const state: VerificationState = to ? { email: to } : {};
    void navigate(`/auth/verification${carry}`, { state });
  };

  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data) return;
    setFailure(null);
    sender.send(data.email, {
      onSuccess: () => {
        // The server answers alike for any address, so the page cannot say more than this.
        toast.success(t('auth.resetCodeSent', { target: data.email }));
        toVerification(data.email);
      },
      onError: (error) => setFailure(formErrorMessage(t, error, 'auth.sendFailed')),
    });
  };

  const waiting = sender.secondsLeft > 0;
  const noneLeft = sender.remainingToday === 0;

  return (
    <AuthShell
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle', { length: LIMITS.verificationCodeLength })}
      step={t('auth.stepOf', { step: 1, total: 2 })}
      fallback={`/auth/sign-in${carry}`}
      footer={{ to: `/auth/sign-in${carry}`, label: t('auth.backToSignIn') }}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="reset-request-form">
        <EmailField
          {...form.field('email')}
          enterKeyHint="send"
          hint={
            sender.remainingToday !== null
              ? noneLeft
                ? t('code.noneLeftToday')
                : t('code.remainingToday', { count: sender.remainingToday })
              : undefined
          }
        />
        <FormAlert message={failure} />
        <SubmitButton pending={sender.sending} disabled={waiting || noneLeft}>
          {sender.sending
            ? t('code.sending')
            : waiting
              ? t('code.resendIn', { seconds: sender.secondsLeft })
              : t('auth.sendCode')}
        </SubmitButton>
        <button
          type="button"
          onClick={() => toVerification(target)}
          className="mx-auto inline-flex min-h-11 items-center gap-1 px-3 text-sm font-medium text-fg-muted active:text-fg"
        >
          {t('auth.haveCode')}
          <ArrowRight aria-hidden className="size-4" />
        </button>
      </form>
    </AuthShell>
  );
}
