import { createECDH } from 'node:crypto';
import { type Locale, noticeTarget, type PushPayload, type PushSubscribe } from '@drama/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { type Urgency } from 'web-push';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { type EndpointPolicy, endpointPolicyOf, endpointRefusal, REFUSAL_MESSAGES } from './endpoint-policy.js';
import * as queries from './queries.js';
import type { SubscriptionRow } from './queries.js';
import type { NewNotice, NoticeSink } from './sink.js';
import { EndpointRefused, PushTransport, type Resolve } from './transport.js';
import { vapidKeys } from './vapid-keys.js';

/** How many pushes are in flight at once: a publish to thousands of members must not open thousands of sockets. */
const PARALLEL = 8;
/**
 * The devices one member may have: more than anyone uses, few enough that a member cannot make
 * every notice of theirs into hundreds of requests to addresses of their choosing.
 */
export const MAX_DEVICES = 10;
/** A push service that has not answered by then is given up on for this notice. */
const TIMEOUT_MS = 10_000;

const DAY = 24 * 60 * 60;

/**
 * How long the push service keeps a message for a device that is offline, and how urgently it
 * wakes the device: a new episode is news for a day; a result the member waits for is urgent.
 */
function deliveryOf(kind: string): { ttl: number; urgency: Urgency } {
  switch (kind) {
    case 'new-episode':
      return { ttl: DAY, urgency: 'normal' };
    case 'order-result':
    case 'redeem-result':
      return { ttl: DAY, urgency: 'high' };
    case 'vip-ending':
      return { ttl: 2 * DAY, urgency: 'normal' };
    default:
      return { ttl: 7 * DAY, urgency: 'normal' };
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const probe = createECDH('prime256v1');
probe.generateKeys();

/** Whether the device's key is a point on P-256: otherwise every push to it would fail to encrypt. */
function isP256Point(base64url: string): boolean {
  try {
    probe.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Members' Web Push: keeps their devices' subscriptions and, as a sink of the notices module,
 * sends each new notice to every device of its member. A push carries the notice's kind,
 * values, id and target, no prose: the service worker writes it in the device's language from
 * the web app's dictionaries. Sending never fails the change that made the notice.
 */
export class PushService implements NoticeSink {
  readonly publicKey: string;
  private readonly privateKey: string;
  private readonly subject: string;
  private readonly policy: EndpointPolicy;
  private readonly transport: PushTransport;

  /** `resolve` looks names up for the connections (tests replace it: nothing here reaches real DNS). */
  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    options: { resolve?: Resolve } = {},
  ) {
    const keys = vapidKeys(ctx.config);
    this.publicKey = keys.publicKey;
    this.privateKey = keys.privateKey;
    this.subject = ctx.config.VAPID_SUBJECT;
    this.policy = endpointPolicyOf(ctx.config);
    this.transport = new PushTransport(this.policy, options.resolve);
  }

  async subscribe(userId: number, body: PushSubscribe): Promise<{ subscribed: true }> {
    const refusal = endpointRefusal(body.endpoint, this.policy);
    if (refusal) {
      throw new AppError('VALIDATION_FAILED', `endpoint ${REFUSAL_MESSAGES[refusal]}`, [
        { in: 'body', path: 'endpoint', message: REFUSAL_MESSAGES[refusal], reason: refusal },
      ]);
    }
    if (!isP256Point(body.keys.p256dh)) {
      throw new AppError('VALIDATION_FAILED', 'keys.p256dh is not a P-256 public key', [{ in: 'body', path: 'keys.p256dh', message: 'not a P-256 public key' }]);
    }
    await queries.upsertSubscription(this.ctx.db, {
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      locale: body.locale,
    });
    await queries.trimDevices(this.ctx.db, userId, body.endpoint, MAX_DEVICES);
    return { subscribed: true };
  }

  async unsubscribe(userId: number, endpoint: string): Promise<{ removed: boolean }> {
    return { removed: await queries.deleteOwnSubscription(this.ctx.db, userId, endpoint) };
  }

  /** Sends each notice to its member's devices; failures are logged, never thrown. */
  async delivered(notices: readonly NewNotice[]): Promise<void> {
    try {
      if (notices.length === 0) return;
      const subscriptions = await queries.subscriptionsOf(this.ctx.db, [...new Set(notices.map((notice) => notice.userId))]);
      const byUser = new Map<number, SubscriptionRow[]>();
      for (const row of subscriptions) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      const sends = notices.flatMap((notice) => (byUser.get(notice.userId) ?? []).map((row) => ({ notice, row })));
      const succeeded: number[] = [];
      await inParallel(sends, PARALLEL, async ({ notice, row }) => {
        if (await this.send(notice, row)) succeeded.push(row.id);
      });
      await queries.markDelivered(this.ctx.db, [...new Set(succeeded)]);
    } catch (error) {
      this.log.warn({ err: error }, 'web push: sending notices failed');
    }
  }

  /** The message for one device. */
  payloadOf(notice: NewNotice, locale: Locale): PushPayload {
    return {
      v: 1,
      id: notice.id,
      kind: notice.kind,
      values: notice.values,
      target: noticeTarget(notice.kind, notice.values),
      locale,
      createdAt: notice.createdAt.toISOString(),
    };
  }

  /**
   * One push. web-push encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC
   * 8292); the transport sends it, to a public address only (web-push's own sendNotification
   * would look the name up itself, and speaks TLS even to a plain-http stand-in).
   */
  private async send(notice: NewNotice, row: SubscriptionRow): Promise<boolean> {
    const { ttl, urgency } = deliveryOf(notice.kind);
    try {
      const locale = (row.locale as Locale) ?? 'en-US';
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(this.payloadOf(notice, locale)),
        {
          vapidDetails: { subject: this.subject, publicKey: this.publicKey, privateKey: this.privateKey },
          TTL: ttl,
          urgency,
          contentEncoding: 'aes128gcm',
          // A later new-episode push of the same drama replaces one the device has not fetched yet.
          ...(notice.kind === 'new-episode' && notice.values.dramaId !== undefined ? { topic: `drama-${notice.values.dramaId}` } : {}),
        },
      );
      const status = await this.transport.post(row.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        body: details.body ?? null,
        timeoutMs: TIMEOUT_MS,
      });
      if (status >= 200 && status < 300) return true;
      if (status === 404 || status === 410) {
        // The push service says the device unsubscribed or the subscription expired: it never comes back.
        await queries.deleteGone(this.ctx.db, row);
        this.log.info({ subscription: row.id, status }, 'web push: subscription gone, removed');
      } else {
        this.log.warn({ subscription: row.id, status }, 'web push: push service refused the message');
      }
      return false;
    } catch (error) {
      if (error instanceof EndpointRefused) {
        // Kept: a row saved before a rule, or a name that resolves inward today; it is never posted to.
        this.log.warn({ subscription: row.id, refusal: error.refusal, address: error.address }, 'web push: endpoint is not a public push service, not sent');
      } else {
        this.log.warn({ err: error, subscription: row.id }, 'web push: sending failed');
      }
      return false;
    }
  }
}
