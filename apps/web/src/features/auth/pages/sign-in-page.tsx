import { UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { redirectQuery } from '../../../shared/form/safe-redirect';
import { useForm } from '../../../shared/form/use-form';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PasswordField } from '../../../shared/ui/form/password-field';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
import { useSignIn } from '../api/sign-in';
import { AuthShell } from '../components/auth-shell';
import { DisabledAccount } from '../components/disabled-account';
import { validateSignIn } from '../forms';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const carry = redirectQuery(params.get('redirect'));
  const completeSignIn = useCompleteSignIn();
  const signIn = useSignIn();
  const [disabled, setDisabled] = useState(false);
  const form = useForm({ account: '', password: '' }, validateSignIn);

  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data || signIn.isPending) return;
    signIn.mutate(data, {
      onSuccess: completeSignIn,
      onError: (error) => {
        if (isApiError(error) && error.code === 'ACCOUNT_DISABLED') setDisabled(true);
      },
    });
  };

  const useAnother = () => {
    setDisabled(false);
    signIn.reset();
    form.setField('account', '');
    form.setField('password', '');
  };

  const failure = signIn.error && !disabled ? formErrorMessage(t, signIn.error, 'auth.signInFailed') : null;

  return (
    <AuthShell
      title={t('routes.signIn')}
      subtitle={t('auth.signInSubtitle')}
      footer={{ prompt: t('auth.noAccount'), to: `/auth/sign-up${carry}`, label: t('auth.signUpLink') }}
    >
      {disabled ? (
        <DisabledAccount onUseAnother={useAnother} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="sign-in-form">
          <TextField
            {...form.field('account')}
            label={t('auth.account')}
            icon={UserRound}
            placeholder={t('auth.accountPlaceholder')}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="next"
          />
          <div>
            <PasswordField
              {...form.field('password')}
              label={t('auth.password')}
              placeholder={t('auth.passwordPlaceholder')}
              autoComplete="current-password"
              enterKeyHint="go"
            />
            <div className="mt-1 flex justify-end">
              <Link
                to={`/auth/reset-password${carry}`}
                className="inline-flex min-h-11 items-center px-1 text-[13px] font-medium text-fg-muted active:text-fg"
              >
                {t('auth.forgotPassword')}
              </Link>
            </div>
          </div>
          <FormAlert message={failure} />
          <SubmitButton pending={signIn.isPending}>{t('auth.signIn')}</SubmitButton>
        </form>
      )}
    </AuthShell>
  );
}
