import { emailSchema, phoneSchema, type CodeChannel } from '@drama/contracts';
import { maskEmail, maskPhone } from '../account/mask';
import type { TranslationKey } from '../i18n/i18n';

/*
 * Where a verification code goes: a phone or an email, as typed, and as the server takes it.
 */

/** The destination as the shared schemas output it (a phone without spaces or dashes, a trimmed email), or null while it is not one. */
export function normaliseDestination(channel: CodeChannel, typed: string): string | null {
  const parsed =
    channel === 'phone' ? phoneSchema.safeParse(typed.replace(/[\s-]/g, '')) : emailSchema.safeParse(typed.trim());
  return parsed.success ? parsed.data : null;
}

/** Why no code can be sent to what is typed: nothing is, or it is not a phone number or an email. */
export function destinationErrorKey(channel: CodeChannel, typed: string): TranslationKey {
  const empty = typed.trim() === '';
  if (channel === 'phone') return empty ? 'validation.phoneRequired' : 'validation.phoneInvalid';
  return empty ? 'validation.emailRequired' : 'validation.emailInvalid';
}

/** Enough of the destination to recognise it, not to read it off a screen. */
export function maskDestination(channel: CodeChannel, destination: string): string {
  return channel === 'phone' ? maskPhone(destination) : maskEmail(destination);
}

/** A wrong or expired code is said on the code field, not the form. */
export const CODE_REFUSALS = { CODE_INVALID: 'code', CODE_EXPIRED: 'code' } as const;
