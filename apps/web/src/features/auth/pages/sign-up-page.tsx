import { LIMITS } from '@drama/contracts';
import { Check, Gift, Mail, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Trans } from '../../../shared/i18n/trans';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { redirectQuery } from '../../../shared/form/safe-redirect';
import { useForm } from '../../../shared/form/use-form';
import { errorMessage, formErrorMessage } from '../../../shared/i18n/error-message';
import { toast } from '../../../shared/ui/toast/toast-store';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PasswordField } from '../../../shared/ui/form/password-field';
import { StrengthMeter } from '../../../shared/ui/form/strength-meter';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
import { useSignUp } from '../api/sign-up';
import { AuthShell } from '../components/auth-shell';
import { validateSignUp, type SignUpValues } from '../forms';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';


const LEGAL_LINK = 'font-medium text-accent underline-offset-2 hover:underline';

export function SignUpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const carry = redirectQuery(params.get('redirect'));
  const completeSignIn = useCompleteSignIn();
  const signUp = useSignUp();
  // A friend's invite link (/auth/sign-up?invite=CODE) fills in their code.
  const invite = (params.get('invite') ?? '').trim().slice(0, 32);
  const initial: SignUpValues = { username: '', password: '', confirmPassword: '', email: '', inviteCode: invite, agreed: false };
  const form = useForm(initial, validateSignUp);
  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data || signUp.isPending) return;
    signUp.mutate(data, {
      onSuccess: (session) => {
        toast.success(t('auth.welcome', { username: session.user.username }));
        completeSignIn(session);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.code === 'USERNAME_TAKEN') form.setServerError('username', errorMessage(t, error));
        if (error.code === 'EMAIL_TAKEN') form.setServerError('email', errorMessage(t, error));
      },
    });
  };

  const onField = isApiError(signUp.error) && ['USERNAME_TAKEN', 'EMAIL_TAKEN'].includes(signUp.error.code);
  const failure = signUp.error && !onField ? formErrorMessage(t, signUp.error, 'auth.signUpFailed') : null;
  const agreementError = form.errorOf('agreed');

  return (
    <AuthShell
      title={t('routes.signUp')}
      subtitle={t('auth.signUpSubtitle')}
      fallback={`/auth/sign-in${carry}`}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to={`/auth/sign-in${carry}`} replace className="inline-flex min-h-11 items-center font-semibold text-accent">
            {t('auth.signInLink')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="sign-up-form">
        <TextField
          name="username"
          label={t('auth.username')}
          icon={UserRound}
          placeholder={t('auth.usernamePlaceholder', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
          value={form.values.username}
          onValueChange={(value) => form.setField('username', value)}
          error={form.errorOf('username')}
        />
        <div>
          <PasswordField
            name="password"
            label={t('auth.password')}
            placeholder={t('auth.newPasswordPlaceholder', { min: LIMITS.passwordMin })}
            autoComplete="new-password"
            value={form.values.password}
            onValueChange={(value) => form.setField('password', value)}
            error={form.errorOf('password')}
          />
          <StrengthMeter password={form.values.password} />
        </div>
        <PasswordField
          name="confirmPassword"
          label={t('auth.confirmPassword')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValueChange={(value) => form.setField('confirmPassword', value)}
          error={form.errorOf('confirmPassword')}
        />
        <TextField
          name="email"
          type="email"
          label={t('auth.email')}
          labelNote={t('common.optional')}
          icon={Mail}
          placeholder={t('auth.emailPlaceholder')}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('auth.emailHint')}
          value={form.values.email}
          onValueChange={(value) => form.setField('email', value)}
          error={form.errorOf('email')}
        />
        <TextField
          name="inviteCode"
          label={t('auth.inviteCode')}
          labelNote={t('common.optional')}
          icon={Gift}
          placeholder={t('auth.inviteCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={32}
          hint={t('auth.inviteCodeHint')}
          value={form.values.inviteCode}
          onValueChange={(value) => form.setField('inviteCode', value)}
          error={form.errorOf('inviteCode')}
        />

        <div>
          <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-[13px] leading-relaxed text-fg-muted">
            <span className="relative mt-px grid size-[22px] shrink-0 place-items-center">
              <input
                type="checkbox"
                name="agreed"
                checked={form.values.agreed}
                onChange={(event) => form.setField('agreed', event.target.checked)}
                aria-invalid={agreementError ? true : undefined}
                aria-describedby={agreementError ? 'agreement-error' : undefined}
                data-testid="agreement"
                className={`peer size-[22px] cursor-pointer appearance-none rounded-full border-[1.5px] bg-surface-2 transition-colors checked:border-accent-fill checked:bg-accent-fill ${
                  agreementError ? 'border-danger' : 'border-line-strong'
                }`}
              />
              <Check
                aria-hidden
                strokeWidth={3}
                className="pointer-events-none absolute size-3.5 text-on-accent opacity-0 peer-checked:opacity-100"
              />
            </span>
            <span>
              <Trans
                i18nKey="auth.agreement"
                components={{
                  agreement: <Link to="/legal/agreement" className={LEGAL_LINK} />,
                  privacy: <Link to="/legal/privacy" className={LEGAL_LINK} />,
                }}
              />
            </span>
          </label>
          {agreementError && (
            <p id="agreement-error" className="mt-1 pl-[34px] text-[13px] text-danger" data-testid="field-error">
              {agreementError}
            </p>
          )}
        </div>

        <FormAlert message={failure} />
        <SubmitButton pending={signUp.isPending}>{t('auth.signUp')}</SubmitButton>
      </form>
    </AuthShell>
  );
}
