import { z } from 'zod';
import { ok } from './envelope.js';

/** System settings (spec section 3). Legal texts carry `{contact}` and `{platformName}` placeholders. */
export const systemSettingsSchema = z.object({
  siteName: z.string(),
  siteLogo: z.string(),
  siteDescription: z.string(),
  siteDomain: z.string(),
  copyright: z.string(),
  userAgreement: z.string(),
  privacyPolicy: z.string(),
  icp: z.string(),
  contact: z.string(),
  followSystemTheme: z.boolean().default(true),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const LEGAL_PLACEHOLDERS = { contact: '{contact}', platformName: '{platformName}' } as const;

export const systemSettingsResponseSchema = ok(systemSettingsSchema);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export const healthResponseSchema = ok(healthSchema);
