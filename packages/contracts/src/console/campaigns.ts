import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { pageQuerySchema } from '../params.js';
import { redeemCodeTypeSchema } from '../points.js';

/*
 * Redeem campaigns in the console (`/api/v1/console/campaigns...`, role finance; the owner passes
 * too): a campaign is one batch of single-use codes worth VIP days or points. Revoking one ends
 * its unused codes at once (a member who enters one hears that it has expired); codes already
 * redeemed keep what they gave.
 */

/** Most codes one campaign makes; a bigger campaign is several batches. */
export const CAMPAIGN_MAX_CODES = 10_000;

/** active: codes can be redeemed; ended: past its expiry; revoked: ended early; exhausted: every code used. */
export const CAMPAIGN_STATES = ['active', 'ended', 'revoked', 'exhausted'] as const;
export const campaignStateSchema = z.enum(CAMPAIGN_STATES);
export type CampaignState = z.infer<typeof campaignStateSchema>;

export const consoleCampaignSchema = z.object({
  id: z.int(),
  /** Null for codes made before campaigns had names. */
  name: z.string().nullable(),
  type: redeemCodeTypeSchema,
  value: z.int(),
  count: z.int(),
  redeemed: z.int(),
  /** Codes ended unused by a revocation. */
  revoked: z.int(),
  state: campaignStateSchema,
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Who made it, as the audit log names them; empty for codes made before campaigns. */
  createdBy: z.string(),
});
export type ConsoleCampaign = z.infer<typeof consoleCampaignSchema>;

export const consoleCampaignListQuerySchema = pageQuerySchema.extend({
  /** Part of the campaign's name. */
  q: z.string().trim().min(1).max(80).optional(),
  type: redeemCodeTypeSchema.optional(),
  state: campaignStateSchema.optional(),
});
export type ConsoleCampaignListQuery = z.infer<typeof consoleCampaignListQuerySchema>;
export const consoleCampaignListResponseSchema = ok(paged(consoleCampaignSchema));
export const consoleCampaignResponseSchema = ok(consoleCampaignSchema);

export const consoleCampaignCreateSchema = z.object({
  name: z.string().trim().min(1).max(80),
  type: redeemCodeTypeSchema,
  value: z.int().min(1).max(1_000_000),
  count: z.int().min(1).max(CAMPAIGN_MAX_CODES),
  /** In the future; none for codes that never expire. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type ConsoleCampaignCreate = z.infer<typeof consoleCampaignCreateSchema>;

export const campaignRevokeSchema = z.object({
  /** Why, for the audit log. */
  reason: z.string().trim().min(1).max(200),
});
export type CampaignRevoke = z.infer<typeof campaignRevokeSchema>;

/** Redemptions per day in APP_TIMEZONE, from the campaign's first day to today (or its end). */
export const campaignRedemptionsSchema = z.object({
  timezone: z.string(),
  days: z.array(z.object({ day: z.iso.date(), count: z.int() })),
});
export type CampaignRedemptions = z.infer<typeof campaignRedemptionsSchema>;
export const campaignRedemptionsResponseSchema = ok(campaignRedemptionsSchema);
