import { LIMITS } from '@drama/contracts';
import { ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { useForm } from '../../../shared/form/use-form';
import { errorMessage, formErrorMessage } from '../../../shared/i18n/error-message';
import { setSession, useSession } from '../../../shared/session/session-store';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PasswordField } from '../../../shared/ui/form/password-field';
import { StrengthMeter } from '../../../shared/ui/form/strength-meter';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useChangePassword } from '../api/change-password';
import { validateChangePassword, type ChangePasswordValues } from '../forms';

const INITIAL: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const { user } = useSession();
  const form = useForm(INITIAL, validateChangePassword);

  const onSubmit = (event: FormEvent) => {
    const data = form.handleSubmit(event);
    if (!data || change.isPending) return;
    change.mutate(data, {
      onSuccess: (session) => {
        // Every older token died with the old password: this device carries on with the new one.
        setSession(session.token, session.user);
        toast.success(t('settings.passwordChanged'));
        void navigate('/settings', { replace: true });
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.code === 'WRONG_PASSWORD') form.setServerError('currentPassword', errorMessage(t, error));
        if (error.code === 'SAME_PASSWORD') form.setServerError('newPassword', errorMessage(t, error));
      },
    });
  };

  const onField = isApiError(change.error) && ['WRONG_PASSWORD', 'SAME_PASSWORD'].includes(change.error.code);
  const failure = change.error && !onField ? formErrorMessage(t, change.error, 'settings.changePasswordFailed') : null;

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t('routes.changePassword')} fallback="/settings" />
      <div className="px-4 pt-5 pb-10">
        <p className="flex items-start gap-2 rounded-2xl bg-surface-2 px-3.5 py-3 text-[13px] leading-relaxed text-fg-muted">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          {t('settings.passwordIntro')}
        </p>
        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-5 flex flex-col gap-4"
          data-testid="change-password-form"
        >
          {/* Lets a password manager file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value={user?.username ?? ''} />
          <PasswordField
            name="currentPassword"
            label={t('settings.currentPassword')}
            placeholder={t('settings.currentPasswordPlaceholder')}
            autoComplete="current-password"
            value={form.values.currentPassword}
            onValueChange={(value) => form.setField('currentPassword', value)}
            error={form.errorOf('currentPassword')}
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
          <SubmitButton pending={change.isPending} className="mt-2">
            {t('settings.changePasswordSubmit')}
          </SubmitButton>
        </form>
      </div>
    </div>
  );
}
