import { ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { formFailure, useForm } from '../../../shared/form/use-form';
import { setSession, useSession } from '../../../shared/session/session-store';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PasswordField } from '../../../shared/ui/form/password-field';
import { PasswordFields } from '../../../shared/ui/form/password-fields';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useChangePassword } from '../api/change-password';
import { SettingsSubpage } from '../components/settings-subpage';
import { validateChangePassword, type ChangePasswordValues } from '../forms';

const REFUSALS = { WRONG_PASSWORD: 'currentPassword', SAME_PASSWORD: 'newPassword' } as const;

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
      onError: (error) => form.showRefusal(error, REFUSALS),
    });
  };

  const failure = formFailure(t, change.error, REFUSALS, 'settings.changePasswordFailed');

  return (
    <SettingsSubpage title={t('routes.changePassword')}>
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
            {...form.field('currentPassword')}
            label={t('settings.currentPassword')}
            placeholder={t('settings.currentPasswordPlaceholder')}
            autoComplete="current-password"
          />
          <PasswordFields
            password={form.field('newPassword')}
            confirm={form.field('confirmPassword')}
          />
          <FormAlert message={failure} />
          <SubmitButton pending={change.isPending} className="mt-2">
            {t('settings.changePasswordSubmit')}
          </SubmitButton>
        </form>
      </div>
    </SettingsSubpage>
  );
}
