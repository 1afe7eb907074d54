import { createECDH, createHmac, randomBytes } from 'node:crypto';
import {
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  createOrderResponseSchema,
  errorEnvelopeSchema,
  feedbackResponseSchema,
  likeStatusResponseSchema,
  forYouResponseSchema,
  mallListResponseSchema,
  playInfoResponseSchema,
  planListResponseSchema,
  sessionResponseSchema,
  uploadResponseSchema,
} from '@drama/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deriveKeys } from '../../src/platform/keys.js';
import { accountClient, TEST_ADMIN_TOKEN, uniqueEmail } from '../support/accounts.js';
import { adminApiToken } from '../support/admin-auth.js';
import { buildUser } from '../support/factories.js';
import { multipart, tinyPng, upload } from '../support/images.js';
import { makeCodes, pointsChange, vipGrant } from '../support/operator-acts.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Member B never sees or changes member A's data, whatever ids B sends (no IDOR); a token stops
 * working once its account is disabled or its password changed or reset, and a forged one never
 * works; a locked episode's signed address cannot be altered, moved or used past its expiry.
 *
 * Every route the OpenAPI document marks with bearer security has a case in MEMBER_ROUTES (or is
 * an operator's route, admin or console, refused to members below), so a new member route fails
 * this file until it gets one.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Member {
  id: number;
  token: string;
  username: string;
  password: string;
  email: string;
}

interface Call {
  method: Method;
  url: string;
  body?: unknown;
  /** A raw body with its content type (multipart uploads). */
  raw?: { payload: Buffer; contentType: string };
}

interface Answer {
  status: number;
  body: unknown;
}

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, RECONCILE_INTERVAL_SECONDS: '0', FEEDBACK_PER_HOUR: '100' });
const api = accountClient(t);
let a: Member;
let b: Member;
/** What member A owns, made through the API as A would. */
const owned = {
  dramaId: 0,
  episodeId: 0,
  secondEpisodeId: 0,
  lockedEpisodeId: 0,
  orderId: 0,
  planId: 0,
  feedbackId: 0,
  uploadId: 0,
  redeemCode: '',
  bindEmail: '',
  mallItemId: 0,
};

async function call(request: Call, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.raw) headers['content-type'] = request.raw.contentType;
  const response = await t.server.inject({
    method: request.method,
    url: `${API_BASE}${request.url}`,
    headers,
    ...(request.raw
      ? { payload: request.raw.payload }
      : request.body === undefined
        ? {}
        : { payload: request.body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

function data(answer: Answer): unknown {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: unknown }).data;
}

function refusedWith(answer: Answer, status: number, code: string) {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: { success: false, code } });
  errorEnvelopeSchema.parse(answer.body);
}

async function admin(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
  return data(await call({ method, url, body }, await adminApiToken(t)));
}

/** Counts and scores move when anyone acts on a drama; what belongs to A is the rest. */
function ownOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ownOnly);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !/count|score|hot|popularity|views/i.test(key))
        .map(([key, inner]) => [key, ownOnly(inner)]),
    );
  }
  return value;
}

/** Everything of A's that the API shows A. */
async function snapshotOf(member: Member): Promise<Record<string, unknown>> {
  const reads: Record<string, string> = {
    me: apiPaths.me(),
    points: apiPaths.points(),
    pointsRecords: apiPaths.pointsRecords(),
    tasks: apiPaths.tasks(),
    redeemRecords: apiPaths.redeemRecords(),
    orders: apiPaths.orders(),
    order: apiPaths.order(owned.orderId),
    feedbackList: apiPaths.feedback(),
    feedback: apiPaths.feedbackItem(owned.feedbackId),
    watchRecords: apiPaths.watchRecords(),
    resume: apiPaths.watchRecord(owned.dramaId),
    favorites: apiPaths.favorites(),
    favoriteCheck: apiPaths.favoriteCheck(owned.dramaId),
    likes: apiPaths.likes(),
    likeCheck: apiPaths.likeCheck(owned.episodeId),
  };
  const snapshot: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(reads)) {
    snapshot[name] = ownOnly(data(await call({ method: 'GET', url }, member.token)));
  }
  return snapshot;
}

/** Ids found anywhere in a list answer's items. */
function itemIds(answer: Answer): number[] {
  const items = (data(answer) as { items: Array<{ id?: number; drama?: { id: number } }> }).items;
  return items.map((item) => item.id ?? item.drama?.id ?? -1);
}

async function signUpMember(): Promise<Member> {
  const email = uniqueEmail();
  const session = await api.signUp({ email, password: `pw-${randomBytes(6).toString('hex')}` });
  return { id: session.user.id, token: session.token, username: session.username, password: session.password, email };
}

interface RouteCase {
  /** A sample call any member could make: with a stale or forged token it must be refused. */
  sample: () => Call;
  /** Member B goes after member A's resource; A's snapshot is compared afterwards. */
  idor: () => Promise<void>;
}

const pngUpload = () => {
  const { body, contentType } = multipart([{ filename: 'x.png', contentType: 'image/png', data: tinyPng() }]);
  return { payload: body, contentType };
};

/** A push subscription of a fresh device (its keys a real P-256 point and a 16-byte secret). */
function pushDevice() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://push.example.com/send/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    locale: 'en-US',
  };
}

/** A fresh unread notice of A's (a reply to A's feedback); its id. */
async function noticeOfA(): Promise<number> {
  const row = await t.database.db
    .insertInto('notices')
    .values({ user_id: a.id, kind: 'feedback-reply', data: JSON.stringify({ feedbackId: owned.feedbackId }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A list: B asking for A's by A's id still gets B's own, without A's item. */
function ownListOnly(url: string, ownedId: () => number): RouteCase {
  return {
    sample: () => ({ method: 'GET', url }),
    idor: async () => {
      expect(itemIds(await call({ method: 'GET', url: `${url}?userId=${a.id}` }, b.token))).not.toContain(ownedId());
    },
  };
}

/** A call on A's item, which for B does not exist. */
function notFoundToOthers(sample: () => Call, code: string): RouteCase {
  return {
    sample,
    idor: async () => {
      refusedWith(await call(sample(), b.token), 404, code);
    },
  };
}

/**
 * Every member route: how B tries A's resource, and what B must get. Keys are the OpenAPI
 * operations ("METHOD /api/v1/path").
 */
const MEMBER_ROUTES: Record<string, RouteCase> = {
  'POST /api/v1/client/auth/sign-out': {
    sample: () => ({ method: 'POST', url: apiPaths.signOut() }),
    idor: async () => {
      data(await call({ method: 'POST', url: apiPaths.signOut() }, b.token));
    },
  },
  'GET /api/v1/client/user/me': {
    sample: () => ({ method: 'GET', url: apiPaths.me() }),
    idor: async () => {
      const me = data(await call({ method: 'GET', url: `${apiPaths.me()}?id=${a.id}&userId=${a.id}` }, b.token));
      expect(me).toMatchObject({ id: b.id, username: b.username });
      expect(JSON.stringify(me)).not.toContain(a.email);
    },
  },
  'GET /api/v1/client/user/settings': {
    sample: () => ({ method: 'GET', url: apiPaths.userSettings() }),
    idor: async () => {
      data(await call({ method: 'PATCH', url: apiPaths.userSettings(), body: { privacy: { history: false } } }, a.token));
      const seen = data(await call({ method: 'GET', url: `${apiPaths.userSettings()}?userId=${a.id}` }, b.token));
      expect(seen).toMatchObject({ privacy: { history: true } });
    },
  },
  'PATCH /api/v1/client/user/settings': {
    sample: () => ({ method: 'PATCH', url: apiPaths.userSettings(), body: { notifications: { updates: true } } }),
    idor: async () => {
      data(await call({ method: 'PATCH', url: `${apiPaths.userSettings()}?userId=${a.id}`, body: { privacy: { recommendations: false } } }, b.token));
      refusedWith(await call({ method: 'PATCH', url: apiPaths.userSettings(), body: { userId: a.id, privacy: { recommendations: false } } }, b.token), 400, 'VALIDATION_FAILED');
      expect(data(await call({ method: 'GET', url: apiPaths.userSettings() }, a.token))).toMatchObject({ privacy: { recommendations: true } });
    },
  },
  'GET /api/v1/client/push/key': {
    sample: () => ({ method: 'GET', url: apiPaths.pushKey() }),
    idor: async () => {
      // One key for the app: nothing of A's in it.
      expect(data(await call({ method: 'GET', url: `${apiPaths.pushKey()}?userId=${a.id}` }, b.token))).toEqual(data(await call({ method: 'GET', url: apiPaths.pushKey() }, a.token)));
    },
  },
  'POST /api/v1/client/push/subscriptions': {
    sample: () => ({ method: 'POST', url: apiPaths.pushSubscriptions(), body: pushDevice() }),
    idor: async () => {
      // B cannot subscribe a device for A: whatever B names, the device is B's.
      const device = pushDevice();
      refusedWith(await call({ method: 'POST', url: apiPaths.pushSubscriptions(), body: { ...device, userId: a.id } }, b.token), 400, 'VALIDATION_FAILED');
      data(await call({ method: 'POST', url: `${apiPaths.pushSubscriptions()}?userId=${a.id}`, body: device }, b.token));
      const rows = await t.database.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', device.endpoint).execute();
      expect(rows).toEqual([{ user_id: b.id }]);
    },
  },
  'DELETE /api/v1/client/push/subscriptions': {
    sample: () => ({ method: 'DELETE', url: `${apiPaths.pushSubscriptions()}?endpoint=${encodeURIComponent(pushDevice().endpoint)}` }),
    idor: async () => {
      const device = pushDevice();
      data(await call({ method: 'POST', url: apiPaths.pushSubscriptions(), body: device }, a.token));
      const url = `${apiPaths.pushSubscriptions()}?endpoint=${encodeURIComponent(device.endpoint)}&userId=${a.id}`;
      refusedWith(await call({ method: 'DELETE', url }, b.token), 400, 'VALIDATION_FAILED');
      expect(data(await call({ method: 'DELETE', url: `${apiPaths.pushSubscriptions()}?endpoint=${encodeURIComponent(device.endpoint)}` }, b.token))).toEqual({ removed: false });
      const rows = await t.database.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', device.endpoint).execute();
      expect(rows).toEqual([{ user_id: a.id }]);
    },
  },
  'GET /api/v1/client/notices': {
    sample: () => ({ method: 'GET', url: apiPaths.notices() }),
    idor: async () => {
      const notice = await noticeOfA();
      expect(itemIds(await call({ method: 'GET', url: `${apiPaths.notices()}?userId=${a.id}` }, b.token))).not.toContain(notice);
    },
  },
  'GET /api/v1/client/notices/unread': {
    sample: () => ({ method: 'GET', url: apiPaths.noticesUnread() }),
    idor: async () => {
      await noticeOfA();
      const mine = data(await call({ method: 'GET', url: apiPaths.noticesUnread() }, b.token));
      expect(data(await call({ method: 'GET', url: `${apiPaths.noticesUnread()}?userId=${a.id}` }, b.token))).toEqual(mine);
    },
  },
  'POST /api/v1/client/notices/read-all': {
    sample: () => ({ method: 'POST', url: apiPaths.noticesReadAll() }),
    idor: async () => {
      const notice = await noticeOfA();
      data(await call({ method: 'POST', url: `${apiPaths.noticesReadAll()}?userId=${a.id}` }, b.token));
      const row = await t.database.db.selectFrom('notices').select('read_at').where('id', '=', notice).executeTakeFirstOrThrow();
      expect(row.read_at).toBeNull();
    },
  },
  'POST /api/v1/client/notices/{id}/read': {
    sample: () => ({ method: 'POST', url: apiPaths.noticeRead(1) }),
    idor: async () => {
      const notice = await noticeOfA();
      refusedWith(await call({ method: 'POST', url: apiPaths.noticeRead(notice) }, b.token), 404, 'NOTICE_NOT_FOUND');
      const row = await t.database.db.selectFrom('notices').select('read_at').where('id', '=', notice).executeTakeFirstOrThrow();
      expect(row.read_at).toBeNull();
    },
  },
  'PATCH /api/v1/client/user/me': {
    sample: () => ({ method: 'PATCH', url: apiPaths.me(), body: { avatar: null } }),
    idor: async () => {
      const renamed = `b_${b.id}_renamed`;
      const answer = await call(
        { method: 'PATCH', url: apiPaths.me(), body: { id: a.id, userId: a.id, username: renamed, avatar: '/media/x.png' } },
        b.token,
      );
      if (answer.status === 200) expect(data(answer)).toMatchObject({ id: b.id });
      else expect(answer.status).toBe(400);
      // A's own name stays A's: B cannot take it either.
      refusedWith(await call({ method: 'PATCH', url: apiPaths.me(), body: { username: a.username } }, b.token), 409, 'USERNAME_TAKEN');
    },
  },
  'POST /api/v1/client/user/avatar': {
    sample: () => ({ method: 'POST', url: apiPaths.avatar(), raw: pngUpload() }),
    idor: async () => {
      // B's upload, whatever id it names, changes B's avatar only.
      const { body, contentType } = multipart([{ filename: 'b.png', contentType: 'image/png', data: tinyPng(6, 6) }], { userId: String(a.id) });
      const answer = await call({ method: 'POST', url: `${apiPaths.avatar()}?userId=${a.id}`, raw: { payload: body, contentType } }, b.token);
      expect(data(answer)).toMatchObject({ id: b.id });
    },
  },
  'POST /api/v1/client/user/password': {
    sample: () => ({ method: 'POST', url: apiPaths.changePassword(), body: { currentPassword: 'whatever-1', newPassword: 'new-secret-9' } }),
    idor: async () => {
      // A's password does not open B's account, and B changing B's password leaves A's alone.
      refusedWith(
        await call({ method: 'POST', url: apiPaths.changePassword(), body: { currentPassword: a.password, newPassword: 'b-new-pass-1' } }, b.token),
        400,
        'WRONG_PASSWORD',
      );
      const changed = sessionResponseSchema.parse(
        (await call({ method: 'POST', url: apiPaths.changePassword(), body: { currentPassword: b.password, newPassword: 'b-new-pass-2' } }, b.token)).body,
      ).data;
      expect(changed.user.id).toBe(b.id);
      b = { ...b, token: changed.token, password: 'b-new-pass-2' };
      expect((await api.signIn(a.username, a.password)).status).toBe(200);
    },
  },
  'POST /api/v1/client/user/bind-phone': {
    sample: () => ({ method: 'POST', url: apiPaths.bindPhone(), body: { phone: '13900000000', code: '123456' } }),
    idor: async () => {
      const answer = await call({ method: 'POST', url: apiPaths.bindPhone(), body: { phone: '13912345678', code: '000000' } }, b.token);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    },
  },
  'POST /api/v1/client/user/bind-email': {
    sample: () => ({ method: 'POST', url: apiPaths.bindEmail(), body: { email: 'someone@example.com', code: '123456' } }),
    idor: async () => {
      // A asked for a code to bind a new address; B holding that code still cannot bind it.
      const code = await api.latestCode(owned.bindEmail);
      const answer = await call({ method: 'POST', url: apiPaths.bindEmail(), body: { email: owned.bindEmail, code } }, b.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((data(await call({ method: 'GET', url: apiPaths.me() }, b.token)) as { email: string | null }).email).not.toBe(owned.bindEmail);
    },
  },
  'GET /api/v1/client/recommendations': {
    sample: () => ({ method: 'GET', url: apiPaths.forYou() }),
    idor: async () => {
      // A has a list of their own; B, naming A, gets B's answer (the popular order), never A's.
      await givePersonalList(a.id);
      const mine = forYouResponseSchema.parse((await call({ method: 'GET', url: apiPaths.forYou() }, a.token)).body).data;
      expect(mine.personalised).toBe(true);
      const seen = forYouResponseSchema.parse((await call({ method: 'GET', url: `${apiPaths.forYou()}?userId=${a.id}` }, b.token)).body).data;
      expect(seen.personalised).toBe(false);
      expect(seen).toEqual(forYouResponseSchema.parse((await call({ method: 'GET', url: apiPaths.forYou() })).body).data);
    },
  },
  'GET /api/v1/client/explore': {
    sample: () => ({ method: 'GET', url: apiPaths.explore() }),
    idor: async () => {
      // A's feed starts with A's list; B's, naming A, is the guests' feed.
      await givePersonalList(a.id);
      const first = (answer: Answer) => (answer.body as { data: { items: Array<{ drama: { id: number } }> } }).data.items.map((item) => item.drama.id);
      expect(first(await call({ method: 'GET', url: apiPaths.explore() }, a.token))[0]).toBe(owned.dramaId);
      expect(first(await call({ method: 'GET', url: `${apiPaths.explore()}?userId=${a.id}` }, b.token))).toEqual(first(await call({ method: 'GET', url: apiPaths.explore() })));
    },
  },
  'GET /api/v1/client/episodes/{id}/like/check': {
    sample: () => ({ method: 'GET', url: apiPaths.likeCheck(owned.episodeId) }),
    idor: async () => {
      const status = likeStatusResponseSchema.parse((await call({ method: 'GET', url: apiPaths.likeCheck(owned.episodeId) }, b.token)).body).data;
      expect(status.isLiked).toBe(false);
    },
  },
  'POST /api/v1/client/episodes/{id}/like': {
    sample: () => ({ method: 'POST', url: apiPaths.like(owned.episodeId) }),
    idor: async () => {
      refusedWith(await call({ method: 'POST', url: `${apiPaths.like(owned.secondEpisodeId)}?userId=${a.id}` }, b.token), 403, 'FORBIDDEN');
      data(await call({ method: 'POST', url: apiPaths.like(owned.episodeId) }, b.token));
    },
  },
  'DELETE /api/v1/client/episodes/{id}/like': {
    sample: () => ({ method: 'DELETE', url: apiPaths.like(owned.episodeId) }),
    idor: async () => {
      refusedWith(await call({ method: 'DELETE', url: `${apiPaths.like(owned.episodeId)}?userId=${a.id}` }, b.token), 403, 'FORBIDDEN');
      data(await call({ method: 'DELETE', url: apiPaths.like(owned.episodeId) }, b.token));
      data(await call({ method: 'DELETE', url: apiPaths.like(owned.episodeId) }, b.token));
    },
  },
  'GET /api/v1/client/likes': {
    sample: () => ({ method: 'GET', url: apiPaths.likes() }),
    idor: async () => {
      const items = (data(await call({ method: 'GET', url: `${apiPaths.likes()}?userId=${a.id}` }, b.token)) as { items: Array<{ userId: number }> })
        .items;
      expect(items.every((item) => item.userId === b.id)).toBe(true);
    },
  },
  'GET /api/v1/client/favorites': ownListOnly(apiPaths.favorites(), () => owned.dramaId),
  'POST /api/v1/client/favorites/dramas/{id}': {
    sample: () => ({ method: 'POST', url: apiPaths.favorite(owned.dramaId) }),
    idor: async () => {
      data(await call({ method: 'POST', url: apiPaths.favorite(owned.dramaId) }, b.token));
    },
  },
  'DELETE /api/v1/client/favorites/dramas/{id}': {
    sample: () => ({ method: 'DELETE', url: apiPaths.favorite(owned.dramaId) }),
    idor: async () => {
      // Removing B's favourite of the drama A favourited, twice: A's stays.
      data(await call({ method: 'DELETE', url: apiPaths.favorite(owned.dramaId) }, b.token));
      data(await call({ method: 'DELETE', url: apiPaths.favorite(owned.dramaId) }, b.token));
    },
  },
  'GET /api/v1/client/favorites/dramas/{id}/check': {
    sample: () => ({ method: 'GET', url: apiPaths.favoriteCheck(owned.dramaId) }),
    idor: async () => {
      expect(data(await call({ method: 'GET', url: apiPaths.favoriteCheck(owned.dramaId) }, b.token))).toMatchObject({ isFavorited: false });
    },
  },
  'POST /api/v1/client/watch-records/{dramaId}/episodes/{episodeId}/watch': {
    sample: () => ({ method: 'POST', url: apiPaths.watch(owned.dramaId, owned.episodeId) }),
    idor: async () => {
      data(await call({ method: 'POST', url: apiPaths.watch(owned.dramaId, owned.secondEpisodeId) }, b.token));
    },
  },
  'POST /api/v1/client/watch-records/{dramaId}/progress': {
    sample: () => ({ method: 'POST', url: `${apiPaths.progress(owned.dramaId)}?episodeId=${owned.episodeId}&progress=5` }),
    idor: async () => {
      data(await call({ method: 'POST', url: `${apiPaths.progress(owned.dramaId)}?episodeId=${owned.episodeId}&progress=7` }, b.token));
    },
  },
  'POST /api/v1/client/watch-records/merge': {
    sample: () => ({ method: 'POST', url: apiPaths.mergeWatchRecords(), body: { records: [] } }),
    idor: async () => {
      const records = [{ dramaId: owned.dramaId, episodeId: owned.secondEpisodeId, progress: 3, timestamp: Date.now() + 60_000 }];
      data(await call({ method: 'POST', url: apiPaths.mergeWatchRecords(), body: { records, userId: a.id } }, b.token));
    },
  },
  'GET /api/v1/client/watch-records': {
    sample: () => ({ method: 'GET', url: apiPaths.watchRecords() }),
    idor: async () => {
      const list = data(await call({ method: 'GET', url: `${apiPaths.watchRecords()}?userId=${a.id}` }, b.token)) as {
        items: Array<{ progress?: number }>;
      };
      expect(JSON.stringify(list)).not.toContain('"progress":42');
    },
  },
  'GET /api/v1/client/watch-records/{dramaId}': {
    sample: () => ({ method: 'GET', url: apiPaths.watchRecord(owned.dramaId) }),
    idor: async () => {
      const resume = data(await call({ method: 'GET', url: apiPaths.watchRecord(owned.dramaId) }, b.token));
      expect(resume === null || (resume as { progress: number }).progress !== 42).toBe(true);
    },
  },
  'DELETE /api/v1/client/watch-records/{dramaId}': {
    sample: () => ({ method: 'DELETE', url: apiPaths.watchRecord(owned.dramaId) }),
    idor: async () => {
      data(await call({ method: 'DELETE', url: apiPaths.watchRecord(owned.dramaId) }, b.token));
      expect(data(await call({ method: 'DELETE', url: apiPaths.watchRecord(owned.dramaId) }, b.token))).toEqual({ removed: false });
    },
  },
  'POST /api/v1/client/feedback': {
    sample: () => ({ method: 'POST', url: apiPaths.feedback(), body: { type: 'bug', content: 'The player stops at times.' } }),
    idor: async () => {
      // A's screenshot cannot be attached to B's feedback.
      refusedWith(
        await call(
          { method: 'POST', url: apiPaths.feedback(), body: { type: 'bug', content: 'Attaching someone else’s image.', screenshotIds: [owned.uploadId] } },
          b.token,
        ),
        400,
        'UPLOAD_NOT_FOUND',
      );
    },
  },
  'GET /api/v1/client/feedback': ownListOnly(apiPaths.feedback(), () => owned.feedbackId),
  'GET /api/v1/client/feedback/{id}': notFoundToOthers(() => ({ method: 'GET', url: apiPaths.feedbackItem(owned.feedbackId) }), 'FEEDBACK_NOT_FOUND'),
  'POST /api/v1/client/uploads': {
    sample: () => ({ method: 'POST', url: apiPaths.uploads(), raw: pngUpload() }),
    idor: async () => {
      // B's upload is B's: A cannot attach it either.
      const mine = uploadResponseSchema.parse((await upload(t, b.token, { filename: 'b.png', contentType: 'image/png', data: tinyPng() })).body).data;
      refusedWith(
        await call({ method: 'POST', url: apiPaths.feedback(), body: { type: 'bug', content: 'Attaching B’s image as A.', screenshotIds: [mine.id] } }, a.token),
        400,
        'UPLOAD_NOT_FOUND',
      );
    },
  },
  'GET /api/v1/client/points': {
    sample: () => ({ method: 'GET', url: apiPaths.points() }),
    idor: async () => {
      expect(data(await call({ method: 'GET', url: `${apiPaths.points()}?userId=${a.id}` }, b.token))).toMatchObject({ balance: 0 });
    },
  },
  'GET /api/v1/client/points/records': {
    sample: () => ({ method: 'GET', url: apiPaths.pointsRecords() }),
    idor: async () => {
      expect(itemIds(await call({ method: 'GET', url: `${apiPaths.pointsRecords()}?userId=${a.id}` }, b.token))).toEqual([]);
    },
  },
  'GET /api/v1/client/points/tasks': {
    sample: () => ({ method: 'GET', url: apiPaths.tasks() }),
    idor: async () => {
      const tasks = data(await call({ method: 'GET', url: apiPaths.tasks() }, b.token));
      expect(JSON.stringify(tasks)).not.toContain('received');
    },
  },
  'POST /api/v1/client/points/tasks/{taskType}/progress': {
    sample: () => ({ method: 'POST', url: apiPaths.taskProgress('shareContent') }),
    idor: async () => {
      data(await call({ method: 'POST', url: apiPaths.taskProgress('shareContent'), body: { userId: a.id } }, b.token));
    },
  },
  'POST /api/v1/client/points/follow/opened': {
    sample: () => ({ method: 'POST', url: apiPaths.followOpened() }),
    idor: async () => {
      // No official account is set here: nothing to open, for anyone.
      refusedWith(await call({ method: 'POST', url: apiPaths.followOpened(), body: { userId: a.id } }, b.token), 404, 'NOT_FOUND');
    },
  },
  'POST /api/v1/client/points/tasks/{taskType}/claim': {
    sample: () => ({ method: 'POST', url: apiPaths.taskClaim('dailyCheckIn') }),
    idor: async () => {
      // A already checked in today; B's check-in is B's own.
      data(await call({ method: 'POST', url: apiPaths.taskClaim('dailyCheckIn') }, b.token));
    },
  },
  'GET /api/v1/client/points/mall': {
    sample: () => ({ method: 'GET', url: apiPaths.mall() }),
    idor: async () => {
      const mall = mallListResponseSchema.parse((await call({ method: 'GET', url: apiPaths.mall() }, b.token)).body).data;
      const own = (data(await call({ method: 'GET', url: apiPaths.points() }, b.token)) as { balance: number }).balance;
      expect(mall.balance).toBe(own);
    },
  },
  'POST /api/v1/client/points/mall/{itemId}/exchange': {
    sample: () => ({ method: 'POST', url: apiPaths.mallExchange(owned.mallItemId) }),
    idor: async () => {
      // B cannot spend A's points.
      refusedWith(await call({ method: 'POST', url: apiPaths.mallExchange(owned.mallItemId), body: { userId: a.id } }, b.token), 422, 'INSUFFICIENT_POINTS');
    },
  },
  'POST /api/v1/client/redeem': {
    sample: () => ({ method: 'POST', url: apiPaths.redeem(), body: { code: 'NOSUCHCODE' } }),
    idor: async () => {
      refusedWith(await call({ method: 'POST', url: apiPaths.redeem(), body: { code: owned.redeemCode } }, b.token), 409, 'REDEEM_CODE_USED');
    },
  },
  'GET /api/v1/client/redeem/records': {
    sample: () => ({ method: 'GET', url: apiPaths.redeemRecords() }),
    idor: async () => {
      expect(itemIds(await call({ method: 'GET', url: `${apiPaths.redeemRecords()}?userId=${a.id}` }, b.token))).toEqual([]);
    },
  },
  'POST /api/v1/client/orders': {
    sample: () => ({ method: 'POST', url: apiPaths.orders(), body: { planId: owned.planId, channel: 'alipay' } }),
    idor: async () => {
      // The same plan and channel as A's pending order: B gets an order of B's own, never A's.
      const created = createOrderResponseSchema.parse(
        (await call({ method: 'POST', url: apiPaths.orders(), body: { planId: owned.planId, channel: 'alipay' } }, b.token)).body,
      ).data;
      expect(created.order.id).not.toBe(owned.orderId);
    },
  },
  'GET /api/v1/client/orders': ownListOnly(apiPaths.orders(), () => owned.orderId),
  'GET /api/v1/client/orders/{id}': notFoundToOthers(() => ({ method: 'GET', url: apiPaths.order(owned.orderId) }), 'ORDER_NOT_FOUND'),
  'POST /api/v1/client/orders/{id}/cancel': notFoundToOthers(() => ({ method: 'POST', url: apiPaths.cancelOrder(owned.orderId) }), 'ORDER_NOT_FOUND'),
};

interface Operation {
  key: string;
  bearer: boolean;
}

async function documentedOperations(): Promise<Operation[]> {
  const response = await t.server.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json() as { paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      bearer: (operation.security ?? []).some((scheme) => 'bearer' in scheme),
    })),
  );
}

beforeAll(async () => {
  a = await signUpMember();
  b = await signUpMember();

  const episodes = await t.database.db
    .selectFrom('episodes')
    .select(['id', 'drama_id', 'is_free', 'sequence'])
    .orderBy('drama_id')
    .orderBy('sequence')
    .execute();
  const [first, second] = episodes;
  const locked = episodes.find((episode) => !episode.is_free);
  if (!first || !second || !locked || second.drama_id !== first.drama_id) throw new Error('expected a seeded drama');
  owned.dramaId = first.drama_id;
  owned.episodeId = first.id;
  owned.secondEpisodeId = second.id;
  owned.lockedEpisodeId = locked.id;

  const plans = planListResponseSchema.parse((await call({ method: 'GET', url: apiPaths.plans() })).body).data.items;
  owned.planId = plans[0]?.id ?? 0;
  owned.orderId = createOrderResponseSchema.parse(
    (await call({ method: 'POST', url: apiPaths.orders(), body: { planId: owned.planId, channel: 'alipay' } }, a.token)).body,
  ).data.order.id;

  owned.uploadId = uploadResponseSchema.parse((await upload(t, a.token, { filename: 'a.png', contentType: 'image/png', data: tinyPng() })).body).data.id;
  owned.feedbackId = feedbackResponseSchema.parse(
    (
      await call(
        { method: 'POST', url: apiPaths.feedback(), body: { type: 'bug', content: 'Subtitles are late.', contact: a.email, screenshotIds: [owned.uploadId] } },
        a.token,
      )
    ).body,
  ).data.id;

  data(await call({ method: 'POST', url: apiPaths.watch(owned.dramaId, owned.episodeId) }, a.token));
  data(await call({ method: 'POST', url: `${apiPaths.progress(owned.dramaId)}?episodeId=${owned.episodeId}&progress=42` }, a.token));
  data(await call({ method: 'POST', url: apiPaths.favorite(owned.dramaId) }, a.token));
  data(await call({ method: 'POST', url: apiPaths.like(owned.episodeId) }, a.token));
  data(await call({ method: 'POST', url: apiPaths.taskClaim('dailyCheckIn') }, a.token));
  await admin('POST', apiPaths.consoleMemberPoints(a.id), pointsChange(5000, 'security test'));
  const codes = await makeCodes(t, { type: 'points', value: 10, count: 1 });
  owned.redeemCode = codes[0] ?? '';
  data(await call({ method: 'POST', url: apiPaths.redeem(), body: { code: owned.redeemCode } }, a.token));
  const mall = mallListResponseSchema.parse((await call({ method: 'GET', url: apiPaths.mall() }, a.token)).body).data;
  owned.mallItemId = mall.items[0]?.id ?? 0;
  owned.bindEmail = uniqueEmail();
  expect((await api.requestCode({ channel: 'email', target: owned.bindEmail, purpose: 'bind' }, a.token)).status).toBe(200);
});

describe('member routes (no IDOR)', () => {
  it('every route with bearer security has a case here, and every case is a documented route', async () => {
    const operations = await documentedOperations();
    // Operators' calls (admin and console) have their own role tests.
    const member = operations
      .filter((op) => op.bearer && !op.key.includes(`${API_BASE}/admin/`) && !op.key.includes(`${API_BASE}/console/`))
      .map((op) => op.key);
    expect(member.length).toBeGreaterThan(30);
    expect([...member].sort()).toEqual(Object.keys(MEMBER_ROUTES).sort());
  });

  it.each(Object.entries(MEMBER_ROUTES))('%s: member B never sees or changes member A’s data', async (_route, routeCase) => {
    const before = await snapshotOf(a);
    await routeCase.idor();
    expect(await snapshotOf(a)).toEqual(before);
  });

  it('a member’s token opens no operator route (admin or console), and changes nothing through one', async () => {
    const operatorOps = (await documentedOperations()).filter(
      (op) => op.bearer && (op.key.includes(`${API_BASE}/admin/`) || op.key.includes(`${API_BASE}/console/`)),
    );
    expect(operatorOps.filter((op) => op.key.includes(`${API_BASE}/admin/`)).length).toBeGreaterThanOrEqual(4);
    expect(operatorOps.length).toBeGreaterThan(30);
    const before = await snapshotOf(a);
    for (const op of operatorOps) {
      const [method, path] = op.key.split(' ') as [Method, string];
      // Every parameter is the member's own id: an operator's call on their own account is refused as well.
      const url = path.replace(API_BASE, '').replace(/\{\w+\}/g, String(a.id));
      const body = method === 'GET' ? undefined : { ...vipGrant(30), ...pointsChange(100), content: 'x', type: 'points', value: 1, count: 1 };
      const answer = await call({ method, url, ...(body ? { body } : {}) }, a.token);
      expect(answer.status, op.key).toBe(401);
      const code = op.key.includes(`${API_BASE}/admin/`) ? 'ADMIN_TOKEN_INVALID' : 'OPERATOR_UNAUTHENTICATED';
      expect(apiErrorEnvelopeSchema.parse(answer.body).code, op.key).toBe(code);
    }
    expect(await snapshotOf(a)).toEqual(before);
  });
});

/**
 * A "For you" list for the member, as the recommendations job would leave it: the owned drama
 * first. It replaces whatever list the job made from the member's earlier cases' activity.
 */
async function givePersonalList(userId: number) {
  await t.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('member_recommendations').where('user_id', '=', userId).execute();
    await trx
      .insertInto('member_recommendations')
      .values({ user_id: userId, drama_id: owned.dramaId, score: 1, rank: 1, because_drama_id: owned.dramaId })
      .execute();
  });
}

/** Every member route answers a stale or forged token with 401 in the envelope, and shows nothing of the member. */
async function expectRefusedEverywhere(token: string, member: Member) {
  for (const [route, routeCase] of Object.entries(MEMBER_ROUTES)) {
    const answer = await call(routeCase.sample(), token);
    if ((route === 'GET /api/v1/client/recommendations' || route === 'GET /api/v1/client/explore') && answer.status === 200) {
      // Guests may read these too: a stale token gets the guests' answer, nothing of the member's.
      if (route === 'GET /api/v1/client/recommendations') expect(forYouResponseSchema.parse(answer.body).data.personalised, route).toBe(false);
      expect(JSON.stringify(answer.body)).not.toContain(member.username);
      continue;
    }
    if (route === 'GET /api/v1/client/episodes/{id}/like/check') {
      // A read that guests may make too: a stale token gets a guest's answer, never the member's.
      if (answer.status === 200) {
        expect(likeStatusResponseSchema.parse(answer.body).data.isLiked, route).toBe(false);
        continue;
      }
    }
    expect({ route, status: answer.status, body: answer.body }).toMatchObject({
      route,
      status: 401,
      body: { success: false, code: 'UNAUTHORIZED' },
    });
    expect(JSON.stringify(answer.body)).not.toContain(member.username);
  }
  // Nor does it open a locked episode.
  refusedWith(await call({ method: 'GET', url: apiPaths.play(owned.lockedEpisodeId) }, token), 401, 'UNAUTHORIZED');
}

/** A member with VIP who has liked the first episode, so that a stale token would have something to show. */
async function activeMember(): Promise<Member> {
  const member = await signUpMember();
  await admin('POST', apiPaths.consoleMemberVip(member.id), vipGrant(30, 'security test'));
  data(await call({ method: 'POST', url: apiPaths.like(owned.episodeId) }, member.token));
  expect((await call({ method: 'GET', url: apiPaths.play(owned.lockedEpisodeId) }, member.token)).status).toBe(200);
  return member;
}

describe('tokens', () => {
  it('of a disabled member are refused on every member route, and stay refused after enabling', async () => {
    const member = await activeMember();
    await admin('POST', apiPaths.consoleMemberDisable(member.id), { reason: 'security test' });
    await expectRefusedEverywhere(member.token, member);
    await admin('POST', apiPaths.consoleMemberEnable(member.id), { reason: 'security test' });
    await expectRefusedEverywhere(member.token, member);
  });

  it('from before a password change are refused on every member route', async () => {
    const member = await activeMember();
    const answer = await call(
      { method: 'POST', url: apiPaths.changePassword(), body: { currentPassword: member.password, newPassword: 'changed-pass-1' } },
      member.token,
    );
    expect(answer.status).toBe(200);
    await expectRefusedEverywhere(member.token, member);
  });

  it('from before a password reset are refused on every member route', async () => {
    const member = await activeMember();
    expect((await api.requestCode({ channel: 'email', target: member.email, purpose: 'reset' })).status).toBe(200);
    const code = await api.latestCode(member.email);
    data(await call({ method: 'POST', url: apiPaths.resetPassword(), body: { email: member.email, code, newPassword: 'reset-pass-1' } }));
    await expectRefusedEverywhere(member.token, member);
  });

  describe('forged', () => {
    const configured = 'test-secret-test-secret-test-secret-0123';
    // Tokens are signed with the key derived for them, never with the configured secret itself.
    const secret = deriveKeys(configured).tokens;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const hs256 = (header: unknown, payload: unknown, key = secret) => {
      const head = `${b64(header)}.${b64(payload)}`;
      return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
    };
    const now = () => Math.floor(Date.now() / 1000);

    it('control: a token made the same way with the server’s secret works', async () => {
      const member = await buildUser(t.database.db, t.ctx.tokens);
      const token = hs256({ alg: 'HS256', typ: 'JWT' }, { sub: String(member.user.id), ver: member.user.token_version, iat: now(), exp: now() + 600 });
      expect(data(await call({ method: 'GET', url: apiPaths.me() }, token))).toMatchObject({ id: member.user.id });
    });

    it('are refused with 401: another secret, expired, alg none, tampered payload, not a JWT', async () => {
      const victim = await activeMember();
      const claims = { sub: String(victim.id), ver: 0, iat: now(), exp: now() + 600 };
      const [head, , signature] = b.token.split('.');
      const forged = {
        'another secret': hs256({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-another-secret-another-secret'),
        'the configured secret itself': hs256({ alg: 'HS256', typ: 'JWT' }, claims, configured),
        'the key of media addresses': hs256({ alg: 'HS256', typ: 'JWT' }, claims, deriveKeys(configured)['media-addresses']),
        expired: hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now() - 7200, exp: now() - 3600 }),
        'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
        'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${signature}`,
        // B's header and signature with a payload that names A.
        'tampered payload': `${head}.${b64({ ...JSON.parse(Buffer.from(b.token.split('.')[1] ?? '', 'base64url').toString()), sub: String(victim.id) })}.${signature}`,
        'not a JWT': 'not-a-token',
      };
      for (const [name, token] of Object.entries(forged)) {
        const answer = await call({ method: 'GET', url: apiPaths.me() }, token);
        expect({ name, status: answer.status, body: answer.body }).toMatchObject({ name, status: 401, body: { success: false, code: 'UNAUTHORIZED' } });
      }
      await expectRefusedEverywhere(forged['tampered payload'], victim);
      await expectRefusedEverywhere(forged['alg none'], victim);
    });
  });
});

describe('signed media addresses', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signedAddress(episodeId: number): Promise<URL> {
    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 1 });
    const info = playInfoResponseSchema.parse((await call({ method: 'GET', url: apiPaths.play(episodeId) }, vip.token)).body).data;
    expect(info.expiresAt).not.toBeNull();
    return new URL(info.playUrl, 'http://localhost');
  }

  async function status(url: string, method: 'GET' | 'HEAD' = 'GET') {
    return (await t.server.inject({ method, url, headers: { range: 'bytes=0-99' } })).statusCode;
  }

  it('the address given stops working once its expiry has passed', async () => {
    const url = await signedAddress(owned.lockedEpisodeId);
    const address = `${url.pathname}${url.search}`;
    expect(await status(address)).toBeLessThan(300);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.ctx.config.MEDIA_URL_TTL_SECONDS + 5) * 1000);
    expect(await status(address)).toBe(403);
    expect(await status(address, 'HEAD')).toBe(403);
  });

  it('an address of one locked episode opens no other, of another drama or another format', async () => {
    // Two locked MP4 episodes of different dramas, so that the moved address names a file that exists.
    const locked = await t.database.db
      .selectFrom('episodes')
      .select(['id', 'drama_id', 'media_key'])
      .where('is_free', '=', false)
      .orderBy('id')
      .execute();
    const mp4Only = locked.filter((episode) => !t.services.catalogue.hls.has(episode.media_key));
    const [here] = mp4Only;
    const lockedElsewhere = mp4Only.find((episode) => episode.drama_id !== here?.drama_id);
    if (!here || !lockedElsewhere) throw new Error('expected locked MP4 episodes in two dramas');
    const url = await signedAddress(here.id);
    expect(url.pathname).toBe(`/media/episodes/${here.id}/video.mp4`);
    expect(await status(`${url.pathname}${url.search}`)).toBe(206);
    const query = url.search;
    const moved = url.pathname.replace(`/${here.id}/`, `/${lockedElsewhere.id}/`);
    expect(moved).not.toBe(url.pathname);
    expect(await status(`${moved}${query}`)).toBe(403);
    // Another file of the same episode, and the path spelled differently, are other addresses.
    for (const variant of [url.pathname.replace('video.mp4', 'index.m3u8'), `${url.pathname}/`, url.pathname.replace('/media/', '/media//')]) {
      expect(await status(`${variant}${query}`), variant).toBeOneOf([400, 403, 404]);
    }
    // An HLS master's signature does not open the same episode's MP4.
    const hlsEpisode = locked.find((episode) => t.services.catalogue.hls.has(episode.media_key));
    if (!hlsEpisode) throw new Error('expected a locked episode with HLS');
    const master = await signedAddress(hlsEpisode.id);
    expect(master.pathname).toBe(`/media/episodes/${hlsEpisode.id}/index.m3u8`);
    expect(await status(`${master.pathname.replace('index.m3u8', 'video.mp4')}${master.search}`)).toBe(403);
    // Parameters given twice are not a way around the check.
    const sig = url.searchParams.get('sig') ?? '';
    expect(await status(`${url.pathname}${query}&sig=${sig.slice(0, -1)}A`)).toBeOneOf([400, 403]);
    expect(await status(`${url.pathname}?sig=x&${query.slice(1)}`)).toBeOneOf([400, 403]);
  });
});
