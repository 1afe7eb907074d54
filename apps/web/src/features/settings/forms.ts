import { bindEmailBodySchema, bindPhoneBodySchema, changePasswordFormSchema } from '@drama/contracts';
import { confirmationErrors, validateForm } from '../../shared/form/validation';

/* The member's account forms, checked with the shared schemas of contracts before sending. */

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(values: ChangePasswordValues) {
  const result = validateForm(changePasswordFormSchema, values, (form) => ({
    ...confirmationErrors(form.newPassword, form.confirmPassword),
    // The schema's "must differ" check waits for the other fields; say it as soon as it is true.
    ...(form.newPassword !== '' && form.newPassword === form.currentPassword
      ? { newPassword: { key: 'validation.samePassword' as const } }
      : {}),
  }));
  if (!result.ok) return result;
  const { currentPassword, newPassword } = result.data;
  return { ...result, data: { currentPassword, newPassword } };
}

export interface BindPhoneValues {
  phone: string;
  code: string;
}

export function validateBindPhone(values: BindPhoneValues) {
  return validateForm(bindPhoneBodySchema, { phone: values.phone.replace(/[\s-]/g, ''), code: values.code });
}

export interface BindEmailValues {
  email: string;
  code: string;
}

export function validateBindEmail(values: BindEmailValues) {
  return validateForm(bindEmailBodySchema, { email: values.email.trim(), code: values.code });
}
