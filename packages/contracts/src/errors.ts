import { z } from 'zod';

/**
 * Stable error codes of the API. The client translates these; it never shows server prose.
 * Later features add their codes here so that both apps agree on one list.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'ACCOUNT_DISABLED',
  'VIP_REQUIRED',
  'NOT_FOUND',
  'DRAMA_NOT_FOUND',
  'EPISODE_NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: errorCodeSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** HTTP status that goes with each code, so server and client agree on retry rules. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  VIP_REQUIRED: 403,
  NOT_FOUND: 404,
  DRAMA_NOT_FOUND: 404,
  EPISODE_NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};
