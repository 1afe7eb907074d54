import { LIMITS } from '@drama/contracts';
import { Check, Gift, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Trans } from '../../../shared/i18n/trans';
import { Link, useSearchParams } from 'react-router';
import { redirectQuery } from '../../../shared/form/safe-redirect';
import { formFailure, useForm } from '../../../shared/form/use-form';
import { toast } from '../../../shared/ui/toast/toast-store';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { EmailField } from '../../../shared/ui/form/email-field';
import { PasswordFields } from '../../../shared/ui/form/password-fields';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
import { useSignUp } from '../api/sign-up';
import { AuthShell } from '../components/auth-shell';
import { validateSignUp, type SignUpValues } from '../forms';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

const REFUSALS = { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' } as const;

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
      onError: (error) => form.showRefusal(error, REFUSALS),
    });
  };

  const failure = formFailure(t, signUp.error, REFUSALS, 'auth.signUpFailed');
  const agreementError = form.errorOf('agreed');

  return (
    <AuthShell
      title={t('routes.signUp')}
      subtitle={t('auth.signUpSubtitle')}
      fallback={`/auth/sign-in${carry}`}
      footer={{ prompt: t('auth.haveAccount'), to: `/auth/sign-in${carry}`, label: t('auth.signInLink') }}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="sign-up-form">
        <TextField
          {...form.field('username')}
          label={t('auth.username')}
          icon={UserRound}
          placeholder={t('auth.usernamePlaceholder', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
        />
        <PasswordFields
          password={form.field('password')}
          confirm={form.field('confirmPassword')}
          label={t('auth.password')}
          confirmLabel={t('auth.confirmPassword')}
        />
        <EmailField {...form.field('email')} labelNote={t('common.optional')} hint={t('auth.emailHint')} />
        <TextField
          {...form.field('inviteCode')}
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
