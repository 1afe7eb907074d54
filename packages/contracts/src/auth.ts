import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ok } from './envelope.js';
import { userInfoSchema } from './user.js';

/*
 * Accounts: sign-up, sign-in, verification codes, password reset, the member's own profile,
 * and the operator's calls about users and the message outbox (DESIGN.md sections 3 and 4).
 * The field schemas are exported so that the client's forms validate with the same rules the
 * server applies.
 */

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/**
 * Mainland China mobile numbers: 11 digits starting 13-19, optionally written with the
 * country code (`+86`, `86`). Stored and compared without it: `13812345678`.
 */
export const PHONE_PATTERN = /^(?:\+?86)?1[3-9]\d{9}$/;

export const PASSWORD_MAX = 128;

/** 4-20 letters, digits or underscores; unique regardless of letter case. */
export const usernameSchema = z
  .string({ error: 'username is required' })
  .min(LIMITS.usernameMin, { error: `must be at least ${LIMITS.usernameMin} characters` })
  .max(LIMITS.usernameMax, { error: `must be at most ${LIMITS.usernameMax} characters` })
  .regex(USERNAME_PATTERN, { error: 'may contain only letters, digits and underscores' });

/** At least 6 characters (the 'at least 6' reading of the spec), at most 128. */
export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(LIMITS.passwordMin, { error: `must be at least ${LIMITS.passwordMin} characters` })
  .max(PASSWORD_MAX, { error: `must be at most ${PASSWORD_MAX} characters` });

/** A verification code: exactly 6 digits. */
export const codeSchema = z
  .string({ error: 'code is required' })
  .regex(new RegExp(`^\\d{${LIMITS.verificationCodeLength}}$`), {
    error: `must be ${LIMITS.verificationCodeLength} digits`,
  });

/** A mainland China mobile number (see PHONE_PATTERN); the output drops the country code. */
export const phoneSchema = z
  .string({ error: 'phone is required' })
  .regex(PHONE_PATTERN, { error: 'must be a mainland China mobile number such as 13812345678' })
  .transform(normalizePhone);

/** An email address, compared and stored in lower case. */
export const emailSchema = z.email({ error: 'must be a valid email address' }).max(254).toLowerCase();

export function normalizePhone(phone: string): string {
  return phone.replace(/^\+?86(?=1\d{10}$)/, '');
}

// ---------------------------------------------------------------------------------------------
// Password strength (the four levels of the sign-up and change-password forms)
// ---------------------------------------------------------------------------------------------

export const PASSWORD_STRENGTHS = ['weak', 'medium', 'strong', 'veryStrong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '666666',
  '888888',
  '123123',
  '654321',
  'abc123',
  'a123456',
  '123456a',
  'password',
  'password1',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'admin123',
  '5201314',
  'woaini',
  'woaini1314',
]);

/**
 * How hard a password is to guess, by length and by the kinds of characters it mixes
 * (lower case, upper case, digits, others). Below the minimum length, one kind only, a
 * repeated character or a well-known password is weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < LIMITS.passwordMin) return 'weak';
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || /^(.)\1*$/u.test(password)) return 'weak';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
  const points = kinds + (length >= 10 ? 1 : 0) + (length >= 14 ? 1 : 0);
  if (points >= 4 && length >= 10) return 'veryStrong';
  if (points >= 3 && length >= 8) return 'strong';
  if (points >= 2) return 'medium';
  return 'weak';
}

// ---------------------------------------------------------------------------------------------
// Auth calls: /client/auth/...
// ---------------------------------------------------------------------------------------------

/** The result of every call that signs someone in: a bearer token and the user info to keep. */
export const sessionSchema = z.object({ token: z.string(), user: userInfoSchema });
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponseSchema = ok(sessionSchema);

/** `{ ok: true }`: the result of calls that only succeed or fail. */
export const doneSchema = z.object({ ok: z.literal(true) });
export const doneResponseSchema = ok(doneSchema);

/**
 * A solved proof-of-work challenge (the altcha widget's payload, base64 JSON), sent again with a
 * call that was answered CHALLENGE_REQUIRED. Asked for only near a limit, never by default.
 */
export const challengePayloadSchema = z
  .string()
  .max(8_192)
  .regex(/^[A-Za-z0-9+/=]+$/, { error: 'challenge must be the solved payload' })
  .optional();

/** `GET /client/auth/challenge`: a signed challenge for the widget to solve. */
export const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
export type Challenge = z.infer<typeof challengeSchema>;
export const challengeResponseSchema = ok(challengeSchema);

export const signUpBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema.optional(),
  /** A member's invite code (the inviteFriends task); not case-sensitive; an unknown one is ignored. */
  inviteCode: z.string().trim().max(32).optional(),
  challenge: challengePayloadSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** The sign-up form: the body plus the confirmation and the agreement (spec section 5). */
export const signUpFormSchema = signUpBodySchema
  .extend({
    confirmPassword: z.string(),
    agreed: z.literal(true, { error: 'the user agreement and privacy policy must be accepted' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'passwords do not match',
    path: ['confirmPassword'],
  });

export const signInBodySchema = z.object({
  /** Username (any letter case), phone or email. */
  account: z.string({ error: 'account is required' }).trim().min(1, { error: 'account is required' }).max(254),
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(PASSWORD_MAX),
  /** The address the client believes it has; kept in the sign-in record beside the one the server saw. */
  ip: z.string().trim().max(64).optional(),
  challenge: challengePayloadSchema,
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const CODE_CHANNELS = ['email', 'phone'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export const CODE_PURPOSES = ['reset', 'bind'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * Asks for a verification code. `reset` (forgotten password) goes to a registered email;
 * `bind` (signed-in members only) goes to an email or phone not used by another account.
 */
export const codeRequestBodySchema = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('email'),
    target: emailSchema,
    purpose: z.enum(CODE_PURPOSES),
    challenge: challengePayloadSchema,
  }),
  z.object({
    channel: z.literal('phone'),
    target: phoneSchema,
    purpose: z.literal('bind', { error: 'phone codes are only for binding a phone' }),
    challenge: challengePayloadSchema,
  }),
]);
export type CodeRequestBody = z.infer<typeof codeRequestBodySchema>;

export const codeRequestResultSchema = z.object({
  /** Seconds until another code may be sent to this destination for this purpose. */
  resendAfter: z.int().min(0),
  /** Codes this destination may still receive today. */
  remainingToday: z.int().min(0),
  /** Seconds the code stays valid. */
  expiresIn: z.int().min(0),
});
export type CodeRequestResult = z.infer<typeof codeRequestResultSchema>;
export const codeRequestResponseSchema = ok(codeRequestResultSchema);

export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  code: codeSchema,
  newPassword: passwordSchema,
  challenge: challengePayloadSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// The member's own account: /client/user/...
// ---------------------------------------------------------------------------------------------

/** The signed-in member's own profile: the user info plus what only they may see. */
export const userProfileSchema = userInfoSchema.extend({
  /** The name shown on the profile; null until the member picks one (the username stands in). */
  nickname: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileResponseSchema = ok(userProfileSchema);

export const NICKNAME_MAX = 20;

/**
 * A display name: trimmed, 1-20 characters (counted as code points, so a CJK or emoji name is
 * not cut short), no control, format or line-separator characters (they reorder or hide text).
 */
export const nicknameSchema = z
  .string({ error: 'nickname is required' })
  .trim()
  .min(1, { error: 'nickname is required' })
  .refine((value) => [...value].length <= NICKNAME_MAX, { error: `must be at most ${NICKNAME_MAX} characters` })
  .refine((value) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value), { error: 'must not contain control characters' });

/**
 * `POST /client/user/avatar` (multipart, one file field named `file`): a JPEG, PNG, WebP or GIF
 * judged by decoding it, re-encoded as a square WebP of `size` pixels with no metadata.
 */
export const AVATAR_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Longest side of the image as sent; a larger one is refused before it is decoded. */
  maxSide: 8000,
  /** Pixels of the image as sent: stops a small file that decodes into gigabytes. */
  maxPixels: 40_000_000,
  size: 256,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  perHour: 10,
} as const;

/**
 * The avatar is set only by uploading one (`POST /client/user/avatar`); here it can only be
 * removed (null).
 */
export const updateProfileBodySchema = z
  .object({
    avatar: z.null().optional(),
    username: usernameSchema.optional(),
    nickname: nicknameSchema.optional(),
  })
  .refine((body) => body.avatar !== undefined || body.username !== undefined || body.nickname !== undefined, {
    error: 'nothing to change: give avatar, username or nickname',
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** The new password must differ from the current one: the server answers SAME_PASSWORD. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'current password is required' })
    .min(1, { error: 'current password is required' })
    .max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change-password form: new password different from the current one, confirmation matching. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ currentPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword !== form.currentPassword, {
    error: 'the new password must differ from the current one',
    path: ['newPassword'],
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'passwords do not match',
    path: ['confirmPassword'],
  });

export const bindPhoneBodySchema = z.object({ phone: phoneSchema, code: codeSchema });
export type BindPhoneBody = z.infer<typeof bindPhoneBodySchema>;

export const bindEmailBodySchema = z.object({ email: emailSchema, code: codeSchema });
export type BindEmailBody = z.infer<typeof bindEmailBodySchema>;

// ---------------------------------------------------------------------------------------------
// Details carried by the account errors (the numbers the client shows)
// ---------------------------------------------------------------------------------------------

/**
 * INVALID_CREDENTIALS, WRONG_PASSWORD (and CODE_INVALID): tries left before the lock, the same
 * for an account that exists and one that does not; `challengeRequired` when the next try will
 * need a solved challenge.
 */
export const attemptsDetailsSchema = z.object({
  attemptsRemaining: z.int().min(0),
  challengeRequired: z.boolean().optional(),
});
/** ACCOUNT_LOCKED: seconds and whole minutes (rounded up) until the account opens again. */
export const lockDetailsSchema = z.object({ retryAfter: z.int().min(0), minutes: z.int().min(0) });
/** CODE_DESTINATION_LIMIT: the new addresses or numbers one account may send codes to in a day. */
export const destinationLimitDetailsSchema = z.object({ retryAfter: z.int().min(0), limit: z.int().min(1) });
/** CODE_COOLDOWN and CODE_DAILY_LIMIT: seconds to wait, and codes left today. */
export const codeLimitDetailsSchema = z.object({ retryAfter: z.int().min(0), remainingToday: z.int().min(0) });

