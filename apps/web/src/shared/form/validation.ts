import { LIMITS, PASSWORD_MAX } from '@drama/contracts';
import type { z } from 'zod';
import type { TranslationKey } from '../i18n/i18n';

/** A translatable message: the key and the numbers it shows. */
export interface FieldMessage {
  key: TranslationKey;
  values?: Record<string, string | number>;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

/**
 * The fields the account forms share. Each name means one thing everywhere, so one table turns
 * a zod issue from the shared schemas of contracts into the words a user reads.
 */
export type AccountField =
  | 'account'
  | 'username'
  | 'password'
  | 'currentPassword'
  | 'newPassword'
  | 'confirmPassword'
  | 'email'
  | 'phone'
  | 'code'
  | 'inviteCode'
  | 'agreed';

const REQUIRED: Record<AccountField, TranslationKey> = {
  account: 'validation.accountRequired',
  username: 'validation.usernameRequired',
  password: 'validation.passwordRequired',
  currentPassword: 'validation.currentPasswordRequired',
  newPassword: 'validation.newPasswordRequired',
  confirmPassword: 'validation.confirmRequired',
  email: 'validation.emailRequired',
  phone: 'validation.phoneRequired',
  code: 'validation.codeRequired',
  // Optional: never asked for, only checked when given.
  inviteCode: 'validation.inviteCodeInvalid',
  agreed: 'validation.agreementRequired',
};

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// Fields with one way to be wrong: any issue with what is typed gets this message.
const INVALID: Record<Exclude<AccountField, 'username' | 'password' | 'currentPassword' | 'newPassword'>, FieldMessage> = {
  confirmPassword: { key: 'validation.passwordMismatch' },
  email: { key: 'validation.emailInvalid' },
  phone: { key: 'validation.phoneInvalid' },
  code: { key: 'validation.codeInvalid', values: { length: LIMITS.verificationCodeLength } },
  inviteCode: { key: 'validation.inviteCodeInvalid' },
  agreed: { key: 'validation.agreementRequired' },
  account: { key: 'validation.accountRequired' },
};

/** The message for one issue on one field. */
export function issueMessage(field: AccountField, issue: z.core.$ZodIssue, value: unknown): FieldMessage {
  if (isEmpty(value) && field !== 'agreed') return { key: REQUIRED[field] };
  switch (field) {
    case 'username':
      if (issue.code === 'too_small' || issue.code === 'too_big') {
        return { key: 'validation.usernameLength', values: { min: LIMITS.usernameMin, max: LIMITS.usernameMax } };
      }
      return { key: 'validation.usernameChars' };
    case 'password':
    case 'currentPassword':
    case 'newPassword':
      if (issue.code === 'too_big') return { key: 'validation.passwordMax', values: { max: PASSWORD_MAX } };
      if (issue.code === 'custom') return { key: 'validation.samePassword' };
      return { key: 'validation.passwordMin', values: { min: LIMITS.passwordMin } };
    default:
      return INVALID[field];
  }
}

export type ValidationResult<F extends AccountField, T> =
  | { ok: true; data: T; errors: FieldErrors<F> }
  | { ok: false; errors: FieldErrors<F> };

/**
 * Validates a form with a schema from contracts (the same rules the server applies) and keeps
 * the first message of each field. `extra` adds checks a schema skips while other fields fail
 * (zod runs an object's refinements only once its fields parse), so every mistake shows at once.
 */
export function validateForm<F extends AccountField, S extends z.ZodType>(
  schema: S,
  values: Record<F, unknown>,
  extra?: (values: Record<F, unknown>) => FieldErrors<F>,
): ValidationResult<F, z.output<S>> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<F> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values)) continue;
      const name = field as F;
      if (errors[name]) continue;
      errors[name] = issueMessage(name, issue, values[name]);
    }
  }
  for (const [field, message] of Object.entries(extra?.(values) ?? {}) as [F, FieldMessage | undefined][]) {
    if (message && !errors[field]) errors[field] = message;
  }
  const failed = Object.keys(errors).length > 0;
  if (failed || !result.success) return { ok: false, errors };
  return { ok: true, data: result.data, errors };
}

/** The confirmation check every "new password + confirm" form makes. */
export function confirmationErrors(password: unknown, confirm: unknown): FieldErrors<'confirmPassword'> {
  if (isEmpty(confirm)) return { confirmPassword: { key: 'validation.confirmRequired' } };
  if (password !== confirm) return { confirmPassword: { key: 'validation.passwordMismatch' } };
  return {};
}
