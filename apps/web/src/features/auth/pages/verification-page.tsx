import { emailSchema } from '@drama/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { maskEmail } from '../../../shared/account/mask';
import { CODE_REFUSALS } from '../../../shared/form/code-destination';
import { redirectQuery } from '../../../shared/form/safe-redirect';
import { useForm } from '../../../shared/form/use-form';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { CodeWithResend } from '../../../shared/ui/form/code-with-resend';
import { EmailField } from '../../../shared/ui/form/email-field';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PasswordFields } from '../../../shared/ui/form/password-fields';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';
import { validateReset } from '../forms';
import type { VerificationState } from './reset-password-page';

function stateEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const parsed = emailSchema.safeParse((state as VerificationState).email);
  return parsed.success ? parsed.data : null;
}

/**
 * Step 2 of the forgotten-password flow: the emailed code and the new password. Reached from
 * step 1 with the email in the history state (not in the address, where it would linger); opened
 * directly, it asks for the email too and can send the code itself.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const carry = redirectQuery(params.get('redirect'));
  const knownEmail = stateEmail(location.state);
  const form = useForm(
    { email: knownEmail ?? '', code: '', newPassword: '', confirmPassword: '' },
    validateReset,
  );
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data || reset.isPending) return;
    setFailure(null);
    reset.mutate(data, {
      onSuccess: () => {
        toast.success(t('auth.resetSuccess'));
        void navigate(`/auth/sign-in${carry}`, { replace: true });
      },
      onError: (error) => {
        if (!form.showRefusal(error, CODE_REFUSALS)) setFailure(formErrorMessage(t, error, 'auth.resetFailed'));
      },
    });
  };

  return (
    <AuthShell
      title={knownEmail ? t('auth.verifyTitle') : t('routes.resetPassword')}
      subtitle={
        knownEmail ? (
          <>
            {t('auth.verifySubtitle', { target: maskEmail(knownEmail) })}{' '}
            <Link
              to={`/auth/reset-password${carry}`}
              replace
              className="font-semibold text-accent underline-offset-2 hover:underline"
            >
              {t('auth.changeEmail')}
            </Link>
          </>
        ) : (
          t('auth.verifySubtitleNoTarget')
        )
      }
      step={t('auth.stepOf', { step: 2, total: 2 })}
      fallback={`/auth/reset-password${carry}`}
      footer={{ to: `/auth/sign-in${carry}`, label: t('auth.backToSignIn') }}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="reset-form">
        {knownEmail ? (
          <input type="email" name="email" autoComplete="username" value={knownEmail} readOnly hidden />
        ) : (
          <EmailField {...form.field('email')} />
        )}
        <CodeWithResend
          {...form.field('code')}
          purpose="reset"
          channel="email"
          destination={form.values.email}
          onBadDestination={(message) => form.setServerError('email', message)}
          sentKey="auth.resetCodeSent"
          onAttempt={() => setFailure(null)}
          onSendError={(error) => setFailure(formErrorMessage(t, error, 'auth.sendFailed'))}
          autoFocus={Boolean(knownEmail)}
        />
        <PasswordFields
          password={form.field('newPassword')}
          confirm={form.field('confirmPassword')}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={reset.isPending}>{t('auth.resetSubmit')}</SubmitButton>
      </form>
    </AuthShell>
  );
}
