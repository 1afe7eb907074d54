import { z } from 'zod';
import { ok } from './envelope.js';
import { localeSchema } from './locale-schemas.js';
import { noticeKindSchema } from './notices.js';

/**
 * Web Push (issue 25): a member's device subscribes with the push service its browser uses and
 * hands the server the subscription; the server sends that member's notices to it, encrypted
 * (RFC 8291) and signed with the app's VAPID key (RFC 8292).
 */

/** base64url without padding (what PushSubscription.toJSON() gives); trailing '=' is tolerated. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `must be ${bytes} bytes in base64url`)
    .transform((value) => value.replace(/=+$/, ''))
    .describe(what);

/**
 * The push service's address for this device. Always https, as every browser's push service is;
 * plain http only to 127.0.0.1, for a local stand-in of a push service (tests, a demo with no
 * internet), and the server takes even that only when PUSH_ALLOW_LOOPBACK is on.
 */
export const pushEndpointSchema = z
  .url({ protocol: /^https?$/, message: 'must be an absolute https URL' })
  .max(1024)
  .refine((value) => {
    // Runs even when the checks above failed, so the text may not be a URL at all.
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.hostname === '127.0.0.1';
    } catch {
      return false;
    }
  }, 'must be an https URL');

export const pushSubscribeSchema = z.strictObject({
  endpoint: pushEndpointSchema,
  keys: z.strictObject({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65, "the device's P-256 public key, uncompressed point"),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16, 'the 16-byte authentication secret'),
  }),
  /** The device's interface language: the notification is written in it. */
  locale: localeSchema,
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/** `DELETE /client/push/subscriptions?endpoint=`: the caller's own subscription at that address. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: pushEndpointSchema });
export type PushUnsubscribe = z.infer<typeof pushUnsubscribeSchema>;

/** The application server key a device subscribes with (base64url, uncompressed P-256 point). */
export const pushKeyResponseSchema = ok(z.object({ publicKey: z.string() }));
export const pushSubscribeResponseSchema = ok(z.object({ subscribed: z.literal(true) }));
export const pushUnsubscribeResponseSchema = ok(z.object({ removed: z.boolean() }));

/**
 * What a push message holds: codes and values, no prose. The service worker writes the
 * notification in the device's language from the web app's dictionaries (notices.* keys) and
 * opens `target` when it is tapped.
 */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  id: z.int(),
  kind: noticeKindSchema,
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The app path the notice is about, e.g. /player/12?episode=340. */
  target: z.string().startsWith('/'),
  /** The locale the device subscribed with. */
  locale: localeSchema,
  createdAt: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
