import { z } from 'zod';
import { CODE_CHANNELS } from '../auth.js';
import { ok, paged } from '../envelope.js';
import { localeSchema } from '../locale-schemas.js';
import { paymentChannelIdSchema } from '../membership.js';
import { pageQuerySchema } from '../params.js';
import { adminSystemSettingsPatchSchema, adminSystemSettingsSchema } from '../settings.js';

/*
 * The console's settings screens (`/api/v1/console/...`):
 * - `GET /settings`, `PATCH /settings` (owner): the system settings and every locale's legal
 *   texts, what the operator's command calls too; a change is audited
 *   with each changed key's value before and after, and the viewers' `/client/settings` shows
 *   it at once;
 * - `GET /payment-channels` (owner, finance): which channels members can pay with and whether
 *   each is live or the sandbox; never a key or secret, only masked merchant ids and the
 *   notify address;
 * - `GET /outbox` (support; the owner passes): the messages kept by the outbox channel (sign-in
 *   and reset codes by e-mail or SMS), newest first.
 */

export const consoleSettingsResponseSchema = ok(adminSystemSettingsSchema);
/** Any subset of the settings, down to one text of one locale; the others are kept. */
export const consoleSettingsPatchSchema = adminSystemSettingsPatchSchema;
export type ConsoleSettingsPatch = z.infer<typeof consoleSettingsPatchSchema>;

/** One payment channel as the console shows it. Identifiers are masked; keys never leave the server. */
export const consolePaymentChannelSchema = z.object({
  id: paymentChannelIdSchema,
  /** Offered to members now (PAYMENT_CHANNELS lists it, or the sandbox stands in for it). */
  offered: z.boolean(),
  /** live: the channel's merchant settings are configured; sandbox: the local checkout stands in; null when not offered. */
  mode: z.enum(['live', 'sandbox']).nullable(),
  /** The channel the viewers' app selects first (the first one offered). */
  isDefault: z.boolean(),
  /** The merchant's ids as the channel knows them, masked (`2021********0001`); empty in the sandbox. */
  identifiers: z.array(z.object({ name: z.enum(['appId', 'mchId']), value: z.string() })),
  /** Where the channel sends its payment notifications. */
  notifyUrl: z.string(),
});
export type ConsolePaymentChannel = z.infer<typeof consolePaymentChannelSchema>;
export const consolePaymentChannelsSchema = z.object({
  items: z.array(consolePaymentChannelSchema),
  /** The sandbox is on: anyone can mark its orders paid. */
  sandboxEnabled: z.boolean(),
  /** PUBLIC_BASE_URL, or null when notify addresses follow the request's origin. */
  publicBaseUrl: z.string().nullable(),
});
export type ConsolePaymentChannels = z.infer<typeof consolePaymentChannelsSchema>;
export const consolePaymentChannelsResponseSchema = ok(consolePaymentChannelsSchema);

export const consoleOutboxQuerySchema = pageQuerySchema.extend({
  channel: z.enum(CODE_CHANNELS).optional(),
  /** Part of the recipient (an e-mail or a phone). */
  q: z.string().trim().min(1).max(254).optional(),
});
export type ConsoleOutboxQuery = z.infer<typeof consoleOutboxQuerySchema>;

export const consoleOutboxMessageSchema = z.object({
  id: z.int(),
  channel: z.enum(CODE_CHANNELS),
  /** Masked for roles that do not see members' contacts (MEMBER_CONTACT_ROLES). */
  target: z.string(),
  subject: z.string(),
  /** One-time codes are masked for every role but the owner: a code is a key to an account. */
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type ConsoleOutboxMessage = z.infer<typeof consoleOutboxMessageSchema>;
export const consoleOutboxListResponseSchema = ok(paged(consoleOutboxMessageSchema));

/*
 * The legal texts' preview. The console shows a viewers' app page (`/legal/preview`) in a frame
 * and hands it the text being edited by postMessage (same origin only); the page renders it with
 * the viewers' own legal page, theme and locale, so the preview is what members will see.
 */
export const LEGAL_PREVIEW_PATH = '/legal/preview';
export const legalPreviewMessageSchema = z.object({
  type: z.literal('legal-preview'),
  field: z.enum(['userAgreement', 'privacyPolicy']),
  locale: localeSchema,
  theme: z.enum(['light', 'dark']),
  text: z.string(),
  siteName: z.string(),
  contact: z.string(),
});
export type LegalPreviewMessage = z.infer<typeof legalPreviewMessageSchema>;
/** What the preview page posts to its parent once it listens, so that the parent sends the current text. */
export const LEGAL_PREVIEW_READY = 'legal-preview-ready';
