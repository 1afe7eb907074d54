import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  apiPaths,
  feedbackResponseSchema,
  type NoticeKind,
  pushKeyResponseSchema,
  pushPayloadSchema,
  pushSubscribeResponseSchema,
  pushUnsubscribeResponseSchema,
} from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEVICES, PushService } from '../../src/modules/push/service.js';
import type { NewNotice } from '../../src/modules/push/sink.js';
import { AppError } from '../../src/platform/errors.js';
import { adminAuth } from '../support/admin-auth.js';
import { okData } from '../support/answers.js';
import { memberCalls } from '../support/member-calls.js';
import { type PushStandIn, startPushStandIn, type StandInSubscriber } from '../support/push-stand-in.js';
import { useTestApp } from '../support/test-app.js';

// The stand-in push service listens on 127.0.0.1: the one kind of endpoint this allowance adds (never in production).
const t = useTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
const { call, refused, member } = memberCalls(t);
let standIn: PushStandIn;

beforeAll(async () => {
  standIn = await startPushStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const subscribeBody = (sub: Pick<StandInSubscriber, 'endpoint' | 'keys'>, locale = 'en-US') => ({ endpoint: sub.endpoint, keys: sub.keys, locale });
const unsubscribeUrl = (endpoint: string) => `${apiPaths.pushSubscriptions()}?endpoint=${encodeURIComponent(endpoint)}`;

async function rowsAt(endpoint: string) {
  return t.database.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
}

let noticeId = 1000;
function notice(userId: number, kind: NoticeKind, values: NewNotice['values']): NewNotice {
  return { id: ++noticeId, userId, kind, values, createdAt: new Date('2026-11-28T08:00:00Z') };
}

describe('push subscriptions', () => {
  it('give members the VAPID public key generated once and kept in DATA_DIR', async () => {
    const { auth } = await member();
    const { publicKey } = okData(await call('GET', apiPaths.pushKey(), auth), pushKeyResponseSchema);
    const kept = JSON.parse(readFileSync(path.join(t.dataDir, 'vapid-keys.json'), 'utf8')) as { publicKey: string };
    expect(publicKey).toBe(kept.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    refused(await call('GET', apiPaths.pushKey()), 401, 'UNAUTHORIZED');
  });

  it('are made by members only, and an endpoint already held moves to the member who subscribes with it', async () => {
    const a = await member();
    const b = await member();
    const sub = standIn.subscriber();
    refused(await call('POST', apiPaths.pushSubscriptions(), {}, subscribeBody(sub)), 401, 'UNAUTHORIZED');
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(sub, 'zh-CN')), pushSubscribeResponseSchema);
    // The same device again: still one row, its language updated.
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(sub, 'zh-Hant')), pushSubscribeResponseSchema);
    expect(await rowsAt(sub.endpoint)).toMatchObject([{ user_id: a.user.id, locale: 'zh-Hant' }]);
    okData(await call('POST', apiPaths.pushSubscriptions(), b.auth, subscribeBody(sub)), pushSubscribeResponseSchema);
    expect(await rowsAt(sub.endpoint)).toMatchObject([{ user_id: b.user.id, locale: 'en-US' }]);
  });

  it('are kept for the member’s 10 newest devices, the one subscribing always among them', async () => {
    const a = await member();
    const devices = Array.from({ length: MAX_DEVICES + 2 }, () => standIn.subscriber());
    for (const sub of devices) okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(sub)), pushSubscribeResponseSchema);
    const kept = async () =>
      new Set((await t.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', a.user.id).execute()).map((row) => row.endpoint));
    expect([...(await kept())].sort()).toEqual(devices.slice(2).map((sub) => sub.endpoint).sort());
    // The oldest device left subscribes again (a new language): it stays, and the next oldest goes.
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(devices[2]!, 'zh-CN')), pushSubscribeResponseSchema);
    expect((await kept()).size).toBe(MAX_DEVICES);
    expect((await kept()).has(devices[2]!.endpoint)).toBe(true);
  });

  it('are removed only by their own member', async () => {
    const a = await member();
    const b = await member();
    const sub = standIn.subscriber();
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(sub)), pushSubscribeResponseSchema);
    expect(okData(await call('DELETE', unsubscribeUrl(sub.endpoint), b.auth), pushUnsubscribeResponseSchema)).toEqual({ removed: false });
    expect(await rowsAt(sub.endpoint)).toHaveLength(1);
    refused(await call('DELETE', unsubscribeUrl(sub.endpoint)), 401, 'UNAUTHORIZED');
    expect(okData(await call('DELETE', unsubscribeUrl(sub.endpoint), a.auth), pushUnsubscribeResponseSchema)).toEqual({ removed: true });
    expect(await rowsAt(sub.endpoint)).toHaveLength(0);
    expect(okData(await call('DELETE', unsubscribeUrl(sub.endpoint), a.auth), pushUnsubscribeResponseSchema)).toEqual({ removed: false });
  });

  it('refuse an endpoint that is not https (http only to 127.0.0.1), and keys that are not the right base64url shapes', async () => {
    const { auth } = await member();
    const sub = standIn.subscriber();
    const good = subscribeBody(sub);
    const bad: unknown[] = [
      {},
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, endpoint: 'http://localhost:9/x' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: `https://push.example.com/${'x'.repeat(1100)}` },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -1)}+` } },
      // The right length, but not a point on P-256.
      { ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, locale: 'fr-FR' },
      { endpoint: good.endpoint, keys: good.keys },
      { ...good, userId: 1 },
      [good],
    ];
    for (const body of bad) refused(await call('POST', apiPaths.pushSubscriptions(), auth, body), 400, 'VALIDATION_FAILED');
    refused(await call('DELETE', unsubscribeUrl('http://push.example.com/x'), auth), 400, 'VALIDATION_FAILED');
    refused(await call('DELETE', apiPaths.pushSubscriptions(), auth), 400, 'VALIDATION_FAILED');
    expect(await rowsAt(sub.endpoint)).toHaveLength(0);
    // Padded base64url, as some browsers give it, is the same key.
    okData(
      await call('POST', apiPaths.pushSubscriptions(), auth, { ...good, keys: { p256dh: `${good.keys.p256dh}=`, auth: `${good.keys.auth}==` } }),
      pushSubscribeResponseSchema,
    );
    expect(await rowsAt(sub.endpoint)).toMatchObject([{ p256dh: good.keys.p256dh, auth: good.keys.auth }]);
  });

  it('take plain http to 127.0.0.1 only where configuration allows a local stand-in (never in production, even when set)', async () => {
    const { user } = await member();
    const sub = standIn.subscriber();
    for (const config of [{ NODE_ENV: 'production' as const, PUSH_ALLOW_LOOPBACK: true }, { NODE_ENV: 'test' as const, PUSH_ALLOW_LOOPBACK: false }]) {
      const strict = new PushService({ ...t.ctx, config: { ...t.ctx.config, ...config } }, t.server.log);
      await expect(strict.subscribe(user.id, { ...subscribeBody(sub), locale: 'en-US' })).rejects.toThrow(AppError);
    }
    expect(await rowsAt(sub.endpoint)).toHaveLength(0);
  });
});

describe('sending a notice', () => {
  it('encrypts it per RFC 8291 with a VAPID JWT per RFC 8292, to every device of its member, with codes and values only', async () => {
    const a = await member();
    const other = await member();
    const phone = standIn.subscriber();
    const laptop = standIn.subscriber();
    const othersPhone = standIn.subscriber();
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(phone, 'zh-CN')), pushSubscribeResponseSchema);
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(laptop, 'en-US')), pushSubscribeResponseSchema);
    okData(await call('POST', apiPaths.pushSubscriptions(), other.auth, subscribeBody(othersPhone)), pushSubscribeResponseSchema);
    const sent = notice(a.user.id, 'new-episode', { dramaId: 3, episodeId: 41, sequence: 7 });
    await t.services.push.delivered([sent]);

    expect(standIn.refused).toEqual([]);
    const mine = standIn.received.filter((push) => push.subscriber === phone.id || push.subscriber === laptop.id);
    expect(mine).toHaveLength(2);
    expect(standIn.received.some((push) => push.subscriber === othersPhone.id)).toBe(false);
    for (const push of mine) {
      // Signed with the key devices subscribe with.
      expect(push.vapidKey).toBe(t.services.push.publicKey);
      expect(push.claims.aud).toBe(standIn.origin);
      expect(push.headers.ttl).toBe('86400');
      expect(push.headers.urgency).toBe('normal');
      const payload = pushPayloadSchema.parse(JSON.parse(push.text));
      expect(payload).toEqual({
        v: 1,
        id: sent.id,
        kind: 'new-episode',
        values: { dramaId: 3, episodeId: 41, sequence: 7 },
        target: '/player/3?episode=41',
        locale: push.subscriber === phone.id ? 'zh-CN' : 'en-US',
        createdAt: '2026-11-28T08:00:00.000Z',
      });
    }
    const [row] = await rowsAt(phone.endpoint);
    expect(row?.last_success_at).toBeInstanceOf(Date);
  });

  it('removes a subscription the push service says is gone (404, 410), keeps one that failed otherwise, and never throws', async () => {
    const a = await member();
    const gone = standIn.subscriber(410);
    const unknown = standIn.subscriber(404);
    const busy = standIn.subscriber(503);
    for (const sub of [gone, unknown, busy]) {
      okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(sub)), pushSubscribeResponseSchema);
    }
    // And one whose push service cannot be reached at all.
    const unreachable = { endpoint: 'http://127.0.0.1:9/push/nobody', keys: standIn.subscriber().keys };
    okData(await call('POST', apiPaths.pushSubscriptions(), a.auth, subscribeBody(unreachable)), pushSubscribeResponseSchema);

    await expect(t.services.push.delivered([notice(a.user.id, 'feedback-reply', { feedbackId: 5 })])).resolves.toBeUndefined();
    expect(await rowsAt(gone.endpoint)).toHaveLength(0);
    expect(await rowsAt(unknown.endpoint)).toHaveLength(0);
    expect(await rowsAt(busy.endpoint)).toMatchObject([{ last_success_at: null }]);
    expect(await rowsAt(unreachable.endpoint)).toHaveLength(1);
  });

  it('sends many at once with a bound, and marks an urgent result as such', async () => {
    const a = await member();
    const b = await member();
    const subs = Array.from({ length: 20 }, () => standIn.subscriber());
    for (const [index, sub] of subs.entries()) {
      okData(await call('POST', apiPaths.pushSubscriptions(), (index % 2 ? a : b).auth, subscribeBody(sub)), pushSubscribeResponseSchema);
    }
    standIn.maxInFlight = 0;
    standIn.delayMs = 30;
    try {
      await t.services.push.delivered([
        notice(a.user.id, 'order-result', { orderId: 9, status: 'success' }),
        notice(b.user.id, 'order-result', { orderId: 9, status: 'success' }),
      ]);
    } finally {
      standIn.delayMs = 0;
    }
    const received = standIn.received.filter((push) => subs.some((sub) => sub.id === push.subscriber));
    expect(received).toHaveLength(20);
    expect(standIn.maxInFlight).toBeGreaterThan(1);
    expect(standIn.maxInFlight).toBeLessThanOrEqual(8);
    expect(received[0]?.headers.urgency).toBe('high');
    expect(JSON.parse(received[0]?.text ?? '{}')).toMatchObject({ kind: 'order-result', target: '/orders/9' });
  });
});

describe('pushes follow the notices', () => {
  async function replyToFeedbackOf(auth: Record<string, string>) {
    const feedback = okData(await call('POST', apiPaths.feedback(), auth, { type: 'bug', content: 'The subtitles are late in episode 2.' }), feedbackResponseSchema);
    const reply = await call('POST', apiPaths.consoleFeedbackReply(feedback.id), await adminAuth(t), { content: 'Fixed, thank you.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return feedback.id;
  }

  it('an operator’s reply reaches the member’s device; a member with messages off gets no push', async () => {
    const on = await member();
    const off = await member();
    const onDevice = standIn.subscriber();
    const offDevice = standIn.subscriber();
    okData(await call('POST', apiPaths.pushSubscriptions(), on.auth, subscribeBody(onDevice, 'zh-CN')), pushSubscribeResponseSchema);
    okData(await call('POST', apiPaths.pushSubscriptions(), off.auth, subscribeBody(offDevice)), pushSubscribeResponseSchema);
    expect((await call('PATCH', apiPaths.userSettings(), off.auth, { notifications: { messages: false } })).status).toBe(200);

    await replyToFeedbackOf(off.auth);
    const feedbackId = await replyToFeedbackOf(on.auth);
    // Sinks run after the reply has committed and answered: wait for the member whose switch is on.
    await expect.poll(() => standIn.received.filter((push) => push.subscriber === onDevice.id).length).toBe(1);
    const push = standIn.received.find((received) => received.subscriber === onDevice.id)!;
    expect(JSON.parse(push.text)).toMatchObject({ kind: 'feedback-reply', values: { feedbackId }, target: `/feedback/${feedbackId}`, locale: 'zh-CN' });
    expect(standIn.received.some((received) => received.subscriber === offDevice.id)).toBe(false);
  });
});

