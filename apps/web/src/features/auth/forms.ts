import {
  codeSchema,
  emailSchema,
  passwordSchema,
  signInBodySchema,
  signUpFormSchema,
} from '@drama/contracts';
import { z } from 'zod';
import { confirmationErrors, validateForm } from '../../shared/form/validation';

/*
 * The account forms' client-side checks, made of the shared schemas of contracts: the browser
 * refuses what the server would refuse, with the same rules, before anything is sent.
 */

export interface SignInValues {
  account: string;
  password: string;
}

const signInFormSchema = signInBodySchema.pick({ account: true, password: true });

export function validateSignIn(values: SignInValues) {
  return validateForm(signInFormSchema, values);
}

export interface SignUpValues {
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  /** A friend's invite code, from the invite link (`?invite=`) or typed; optional. */
  inviteCode: string;
  agreed: boolean;
}

/** The body to send: an empty optional email is left out rather than sent as "". */
export function validateSignUp(values: SignUpValues) {
  const email = values.email.trim();
  const result = validateForm(
    signUpFormSchema,
    { ...values, email: email === '' ? undefined : email, inviteCode: values.inviteCode.trim() || undefined },
    (form) => confirmationErrors(form.password, form.confirmPassword),
  );
  if (!result.ok) return result;
  const { username, password, email: parsedEmail, inviteCode } = result.data;
  return {
    ...result,
    data: { username, password, ...(parsedEmail ? { email: parsedEmail } : {}), ...(inviteCode ? { inviteCode } : {}) },
  };
}

export interface ResetRequestValues {
  email: string;
}

const resetRequestSchema = z.object({ email: emailSchema });

export function validateResetRequest(values: ResetRequestValues) {
  return validateForm(resetRequestSchema, { email: values.email.trim() });
}

export interface ResetValues {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

const resetFormSchema = z
  .object({ email: emailSchema, code: codeSchema, newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ['confirmPassword'] });

export function validateReset(values: ResetValues) {
  const result = validateForm(resetFormSchema, { ...values, email: values.email.trim() }, (form) =>
    confirmationErrors(form.newPassword, form.confirmPassword),
  );
  if (!result.ok) return result;
  const { email, code, newPassword } = result.data;
  return { ...result, data: { email, code, newPassword } };
}
