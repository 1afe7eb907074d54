import { LIMITS } from '@drama/contracts';
import type { FieldBinding } from '../../form/use-form';
import { useTranslation } from '../../i18n/i18n';
import { PasswordField } from './password-field';
import { StrengthMeter } from './strength-meter';

interface PasswordFieldsProps {
  password: FieldBinding;
  confirm: FieldBinding;
  /** "New password" and "Confirm new password" unless the form says otherwise (sign-up). */
  label?: string;
  confirmLabel?: string;
}

/** A new password with its strength, then the same again to confirm it. */
export function PasswordFields({ password, confirm, label, confirmLabel }: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <PasswordField
          {...password}
          label={label ?? t('settings.newPassword')}
          placeholder={t('auth.newPasswordPlaceholder', { min: LIMITS.passwordMin })}
          autoComplete="new-password"
        />
        <StrengthMeter password={password.value} />
      </div>
      <PasswordField
        {...confirm}
        label={confirmLabel ?? t('settings.confirmNewPassword')}
        placeholder={t('auth.confirmPasswordPlaceholder')}
        autoComplete="new-password"
      />
    </>
  );
}
