import { z } from 'zod';
import { ok } from '../envelope.js';

/** owner: everything and the operators; content: catalogue and media; support: members and feedback; finance: money. */
export const OPERATOR_ROLES = ['owner', 'content', 'support', 'finance'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

export const operatorUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be letters, digits, dot, underscore or hyphen');

/** Longer than a member's: an operator's password opens every member's account. */
export const operatorPasswordSchema = z.string().min(10, 'must be at least 10 characters').max(128);

/** A change that answers nothing but success. */
export const okEmptyResponseSchema = ok(z.null());

export const totpCodeSchema = z.string().trim().regex(/^\d{6}$/, 'must be 6 digits');

export const operatorStatusSchema = z.enum(['active', 'disabled']);

/** The signed-in operator, as the console shows it. */
export const consoleMeSchema = z.object({
  id: z.int(),
  username: z.string(),
  role: operatorRoleSchema,
  totpEnabled: z.boolean(),
  /** The owner requires two-factor and this operator has none yet: only setting it up is allowed. */
  totpSetupRequired: z.boolean(),
  /** Sent back in X-CSRF-Token on every change (also readable from the console_csrf cookie). */
  csrfToken: z.string(),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;
export const consoleMeResponseSchema = ok(consoleMeSchema);

export const consoleSignInBodySchema = z.object({
  username: operatorUsernameSchema,
  password: z.string().min(1).max(128),
  code: totpCodeSchema.optional(),
});
export type ConsoleSignInBody = z.infer<typeof consoleSignInBodySchema>;

export const consoleSignInResultSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('signed-in'), me: consoleMeSchema }),
  /** Password right; send it again with the authenticator's code. */
  z.object({ step: z.literal('totp') }),
  /** Signed in with a session that may only set up two-factor. */
  z.object({ step: z.literal('totp-setup'), me: consoleMeSchema }),
]);
export type ConsoleSignInResult = z.infer<typeof consoleSignInResultSchema>;
export const consoleSignInResponseSchema = ok(consoleSignInResultSchema);

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpSetupResponseSchema = ok(totpSetupSchema);
export const totpCodeBodySchema = z.object({ code: totpCodeSchema });

export const consolePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: operatorPasswordSchema,
});

export const setupTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, 'not a set-up token');
export const setupLinkParamsSchema = z.object({ token: setupTokenSchema });
export const setupLinkInfoResponseSchema = ok(z.object({ username: z.string(), role: operatorRoleSchema, expiresAt: z.iso.datetime() }));
export const setupPasswordBodySchema = z.object({ token: setupTokenSchema, password: operatorPasswordSchema });

export const operatorSchema = z.object({
  id: z.int(),
  username: z.string(),
  role: operatorRoleSchema,
  status: operatorStatusSchema,
  totpEnabled: z.boolean(),
  /** True until the operator has chosen a password through the set-up link. */
  pendingSetup: z.boolean(),
  lastSignInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type OperatorSummary = z.infer<typeof operatorSchema>;
export const operatorListResponseSchema = ok(z.object({ items: z.array(operatorSchema) }));
export const operatorResponseSchema = ok(operatorSchema);

export const operatorParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const createOperatorBodySchema = z.object({ username: operatorUsernameSchema, role: operatorRoleSchema });
export const updateOperatorBodySchema = z
  .object({ role: operatorRoleSchema.optional(), status: operatorStatusSchema.optional() })
  .refine((body) => body.role !== undefined || body.status !== undefined, 'give a role or a status');

/** A set-up link: shown once to the owner, who hands it to the operator. */
export const setupLinkSchema = z.object({ setupUrl: z.string(), expiresAt: z.iso.datetime() });
export const createdOperatorResponseSchema = ok(z.object({ operator: operatorSchema, setupUrl: z.string(), expiresAt: z.iso.datetime() }));
export const setupLinkResponseSchema = ok(setupLinkSchema);

export const consoleSecuritySchema = z.object({ requireTotp: z.boolean() });
export const consoleSecurityResponseSchema = ok(consoleSecuritySchema);

export const apiTokenSchema = z.object({
  id: z.int(),
  name: z.string(),
  role: operatorRoleSchema,
  operatorId: z.int(),
  operatorUsername: z.string(),
  /** The first characters, to recognise it in a list; the rest is never shown again. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiTokenSummary = z.infer<typeof apiTokenSchema>;
export const apiTokenListResponseSchema = ok(z.object({ items: z.array(apiTokenSchema) }));
export const createApiTokenBodySchema = z.object({ name: z.string().trim().min(1).max(60), role: operatorRoleSchema });
export const createdApiTokenResponseSchema = ok(z.object({ token: z.string(), record: apiTokenSchema }));
export const apiTokenResponseSchema = ok(apiTokenSchema);
