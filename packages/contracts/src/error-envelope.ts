import { z } from 'zod';
import { CONSOLE_ERROR_CODES } from './console/errors.js';
import { ERROR_CODES } from './errors.js';

export const errorCodeSchema = z.enum(ERROR_CODES);

/** Any code the API answers with: the viewers' and the console's. */
export const apiErrorCodeSchema = z.enum([...ERROR_CODES, ...CONSOLE_ERROR_CODES]);

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: errorCodeSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The error envelope of any call, the console's included: what the server documents and sends. */
export const apiErrorEnvelopeSchema = errorEnvelopeSchema.extend({ code: apiErrorCodeSchema });
