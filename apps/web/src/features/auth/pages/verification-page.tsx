import { emailSchema, LIMITS } from '@drama/contracts';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { maskEmail } from '../../../shared/account/mask';
import { useCodeSender } from '../../../shared/account/use-code-sender';
import { isApiError } from '../../../shared/api/api-client';
import { redirectQuery } from '../../../shared/form/safe-redirect';
import { useForm } from '../../../shared/form/use-form';
import { errorMessage, formErrorMessage } from '../../../shared/i18n/error-message';
import { CodeField } from '../../../shared/ui/form/code-field';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PasswordField } from '../../../shared/ui/form/password-field';
import { StrengthMeter } from '../../../shared/ui/form/strength-meter';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
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
  const email = emailSchema.safeParse(form.values.email.trim());
  const target = email.success ? email.data : null;
  const sender = useCodeSender('reset', 'email', target);
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const sendCode = () => {
    setFailure(null);
    if (!target) {
      form.setServerError('email', t(form.values.email.trim() ? 'validation.emailInvalid' : 'validation.emailRequired'));
      return;
    }
    sender.send(target, {
      onSuccess: () => toast.success(t('auth.resetCodeSent', { target: maskEmail(target) })),
      onError: (error) => setFailure(formErrorMessage(t, error, 'auth.sendFailed')),
    });
  };

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
        if (isApiError(error) && (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED')) {
          form.setServerError('code', errorMessage(t, error));
          return;
        }
        setFailure(formErrorMessage(t, error, 'auth.resetFailed'));
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
      footer={
        <Link to={`/auth/sign-in${carry}`} replace className="inline-flex min-h-11 items-center font-semibold text-accent">
          {t('auth.backToSignIn')}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="reset-form">
        {knownEmail ? (
          <input type="email" name="email" autoComplete="username" value={knownEmail} readOnly hidden />
        ) : (
          <TextField
            name="email"
            type="email"
            label={t('auth.email')}
            icon={Mail}
            placeholder={t('auth.emailPlaceholder')}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={form.values.email}
            onValueChange={(value) => form.setField('email', value)}
            error={form.errorOf('email')}
          />
        )}
        <CodeField
          name="code"
          value={form.values.code}
          onValueChange={(value) => form.setField('code', value)}
          error={form.errorOf('code')}
          onSend={sendCode}
          sending={sender.sending}
          secondsLeft={sender.secondsLeft}
          remainingToday={sender.remainingToday}
          sentBefore={sender.sentBefore}
          autoFocus={Boolean(knownEmail)}
        />
        <div>
          <PasswordField
            name="newPassword"
            label={t('settings.newPassword')}
            placeholder={t('auth.newPasswordPlaceholder', { min: LIMITS.passwordMin })}
            autoComplete="new-password"
            value={form.values.newPassword}
            onValueChange={(value) => form.setField('newPassword', value)}
            error={form.errorOf('newPassword')}
          />
          <StrengthMeter password={form.values.newPassword} />
        </div>
        <PasswordField
          name="confirmPassword"
          label={t('settings.confirmNewPassword')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValueChange={(value) => form.setField('confirmPassword', value)}
          error={form.errorOf('confirmPassword')}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={reset.isPending}>{t('auth.resetSubmit')}</SubmitButton>
      </form>
    </AuthShell>
  );
}
