import { randomBytes } from 'node:crypto';
import { API_BASE } from '@drama/contracts';
import { generate, generateSecret } from 'otplib';
import sharp from 'sharp';
import { buildUser } from './factories.js';
import { multipart } from './images.js';
import { membershipClient } from './membership.js';
import { pointsChange, vipGrant } from './operator-acts.js';
import { buildOperator, OPERATOR_PASSWORD } from './operators.js';
import type { TestApp } from './test-app.js';

/*
 * One valid call for each route that declares an audit action, made by an operator the route
 * allows, and the audit row it must write. The role sweeps run every declared route through
 * these, so a route that declares an action yet writes no row (or another one, or two) fails.
 */

export interface AuditTarget {
  type: string;
  id: string | number | null;
}

export interface AuditedCall {
  /** Below /api/v1, with every parameter filled. */
  url: string;
  payload?: unknown;
  /** A multipart body instead of JSON. */
  form?: { body: Buffer; contentType: string };
  /** Instead of the caller's: a set-up link is used by someone not signed in. */
  headers?: Record<string, string>;
  /** Whom the row names, when not the caller: the operator who chose a password through their link. */
  actorId?: number;
  target: AuditTarget | ((body: unknown) => AuditTarget);
  /** The answer's status when the call succeeds, if not 200 (a tus PATCH answers 204). */
  status?: number;
}

/** Who makes the calls: their headers, and the operator the rows must name. */
export interface AuditCaller {
  headers: Record<string, string>;
  operatorId: number;
  via: 'session' | 'token';
}

interface Kit {
  t: TestApp;
  caller: AuditCaller;
  /**
   * A call made to prepare the audited one, which must succeed; answers its body's data, read
   * by the one entry that made the call (a failed read fails that entry's call).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  prepare: (method: string, url: string, payload?: unknown) => Promise<any>;
}

type MakeCall = (kit: Kit) => Promise<AuditedCall>;

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

function texts(english: string) {
  return { 'zh-CN': english, 'zh-Hant': english, 'en-US': english };
}

const dataId = (type: string) => (body: unknown): AuditTarget => ({ type, id: (body as { data: { id: number } }).data.id });

async function member(kit: Kit) {
  return (await buildUser(kit.t.database.db, kit.t.ctx.tokens)).user.id;
}

async function drama(kit: Kit): Promise<number> {
  const slug = unique('audited');
  return (await kit.prepare('POST', '/console/dramas', { slug, title: texts(slug), description: texts('A drama made for the audit sweep.') })).id;
}

/** A finished upload the console has not yet made an episode of (its file is never read by the call). */
async function upload(kit: Kit): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await kit.t.database.db
    .insertInto('media_uploads')
    .values({ id, operator_id: kit.caller.operatorId, file_name: 'episode.mp4', content_type: 'video/mp4', size: 1000, storage_key: `uploads/${id}` })
    .execute();
  return id;
}

/** An episode of a new drama whose processing failed: hidden from viewers, so it may be deleted or retried. */
async function failedEpisode(kit: Kit): Promise<{ episodeId: number; jobId: number }> {
  const dramaId = await drama(kit);
  const db = kit.t.database.db;
  const episode = await db
    .insertInto('episodes')
    .values({ drama_id: dramaId, sequence: 1, is_free: false, duration_seconds: 10, media_key: unique('audited'), status: 'draft', media_status: 'failed', media_source: 'storage' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('media_jobs')
    .values({ episode_id: episode.id, upload_id: await upload(kit), state: 'failed', attempts: 3, failure_reason: 'not a video' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { episodeId: episode.id, jobId: job.id };
}

async function seededEpisode(kit: Kit) {
  return kit.t.database.db.selectFrom('episodes').select(['id', 'drama_id']).orderBy('id').executeTakeFirstOrThrow();
}

async function feedback(kit: Kit, status?: 'closed'): Promise<number> {
  const member = await buildUser(kit.t.database.db, kit.t.ctx.tokens);
  const response = await kit.t.server.inject({ method: 'POST', url: `${API_BASE}/client/feedback`, headers: member.auth, payload: { type: 'general', content: 'the player stalls' } });
  const id = (response.json() as { data: { id: number } }).data.id;
  if (status) await kit.t.database.db.updateTable('feedback').set({ status }).where('id', '=', id).execute();
  return id;
}

async function paidOrder(kit: Kit): Promise<number> {
  const api = membershipClient(kit.t);
  const buyer = await buildUser(kit.t.database.db, kit.t.ctx.tokens);
  const { order } = await api.createOrder(buyer.auth, { planId: (await api.plan('month')).id, channel: 'alipay' });
  const paid = await api.checkout(order.orderNo, 'success');
  if (paid.status !== 200) throw new Error(`checkout failed: ${paid.text}`);
  return order.id;
}

/** A day two days back in UTC: over everywhere, so a reconciliation may run it. */
function pastDay(kit: Kit): string {
  return new Date(kit.t.ctx.clock().getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
}

async function term(kit: Kit, table: 'categories' | 'tags'): Promise<number> {
  const slug = unique('audited');
  return (await kit.prepare('POST', `/console/${table}`, { slug, name: texts(slug) })).id;
}

async function operator(kit: Kit, role: 'content' | 'support' = 'content') {
  return buildOperator(kit.t, role);
}

const totpNow = (kit: Kit, secret: string) => generate({ secret, epoch: Math.floor(kit.t.ctx.clock().getTime() / 1000) });

/** Keyed by method and path below /api/v1, as the route declares it. */
export const AUDITED_CALLS: Record<string, MakeCall> = {
  /* Redeem campaigns and points. */
  'POST /console/campaigns': async () => ({ url: '/console/campaigns', payload: { name: unique('campaign'), type: 'points', value: 10, count: 2 }, target: dataId('redeem-batch') }),
  'POST /console/campaigns/:id/revoke': async (kit) => {
    const { id } = await kit.prepare('POST', '/console/campaigns', { name: unique('campaign'), type: 'points', value: 10, count: 2 });
    return { url: `/console/campaigns/${id}/revoke`, payload: { reason: 'printed wrong' }, target: { type: 'redeem-batch', id } };
  },
  'PUT /console/points/task-rewards/:taskType': async () => ({ url: '/console/points/task-rewards/watchVideo', payload: { reward: 7 }, target: { type: 'task', id: 'watchVideo' } }),
  'PUT /console/points/check-in-rewards': async () => ({ url: '/console/points/check-in-rewards', payload: { rewards: [1, 2, 3, 4, 5, 6, 7] }, target: { type: 'task', id: 'dailyCheckIn' } }),
  'POST /console/points/mall-items': async () => ({
    url: '/console/points/mall-items',
    payload: { name: texts('A day of VIP'), description: texts(''), costPoints: 100, value: 1, stock: null, onSale: false },
    target: dataId('mall-item'),
  }),
  'PATCH /console/points/mall-items/:id': async (kit) => {
    const { id } = await kit.prepare('POST', '/console/points/mall-items', { name: texts('A day of VIP'), description: texts(''), costPoints: 100, value: 1, stock: null, onSale: false });
    return { url: `/console/points/mall-items/${id}`, payload: { costPoints: 120 }, target: { type: 'mall-item', id } };
  },

  /* Orders. */
  'POST /console/reconciliation/:day/run': async (kit) => {
    const day = pastDay(kit);
    return { url: `/console/reconciliation/${day}/run`, target: { type: 'reconciliation', id: day } };
  },
  'POST /console/orders/:id/query': async (kit) => {
    const id = await paidOrder(kit);
    return { url: `/console/orders/${id}/query`, target: { type: 'order', id } };
  },
  'POST /console/orders/:id/refunds': async (kit) => {
    const id = await paidOrder(kit);
    return { url: `/console/orders/${id}/refunds`, payload: { refundNo: unique('RF').replace('-', ''), amountFen: 100, reason: 'charged twice' }, target: { type: 'order', id } };
  },

  /* Feedback. */
  'POST /console/feedback/:id/reply': async (kit) => {
    const id = await feedback(kit);
    return { url: `/console/feedback/${id}/reply`, payload: { content: 'Fixed, thank you' }, target: { type: 'feedback', id } };
  },
  'POST /console/feedback/:id/close': async (kit) => {
    const id = await feedback(kit);
    return { url: `/console/feedback/${id}/close`, target: { type: 'feedback', id } };
  },
  'POST /console/feedback/:id/reopen': async (kit) => {
    const id = await feedback(kit, 'closed');
    return { url: `/console/feedback/${id}/reopen`, target: { type: 'feedback', id } };
  },
  'PUT /console/feedback/:id/assignee': async (kit) => {
    const id = await feedback(kit);
    return { url: `/console/feedback/${id}/assignee`, payload: { operatorId: kit.caller.operatorId }, target: { type: 'feedback', id } };
  },

  /* The operator's own account, and the operators. */
  'POST /console/auth/totp/confirm': async (kit) => {
    const { secret } = await kit.prepare('POST', '/console/auth/totp/setup');
    return { url: '/console/auth/totp/confirm', payload: { code: await totpNow(kit, secret as string) }, target: { type: 'operator', id: kit.caller.operatorId } };
  },
  'POST /console/auth/totp/disable': async (kit) => {
    const secret = generateSecret();
    await kit.t.database.db.updateTable('operators').set({ totp_secret: secret, totp_enabled: true }).where('id', '=', kit.caller.operatorId).execute();
    return { url: '/console/auth/totp/disable', payload: { code: await totpNow(kit, secret) }, target: { type: 'operator', id: kit.caller.operatorId } };
  },
  'POST /console/auth/password': async (kit) => ({
    url: '/console/auth/password',
    payload: { currentPassword: OPERATOR_PASSWORD, newPassword: 'a longer new password' },
    target: { type: 'operator', id: kit.caller.operatorId },
  }),
  'POST /console/auth/setup': async (kit) => {
    const made = await kit.prepare('POST', '/console/operators', { username: unique('setup'), role: 'support' });
    const token = new URL(made.setupUrl as string).searchParams.get('token');
    const id = made.operator.id as number;
    return { url: '/console/auth/setup', payload: { token, password: 'a password of their own' }, headers: {}, actorId: id, target: { type: 'operator', id } };
  },
  'POST /console/operators': async () => ({
    url: '/console/operators',
    payload: { username: unique('made'), role: 'content' },
    target: (body) => ({ type: 'operator', id: (body as { data: { operator: { id: number } } }).data.operator.id }),
  }),
  'PATCH /console/operators/:id': async (kit) => {
    const { id } = await operator(kit);
    return { url: `/console/operators/${id}`, payload: { role: 'support' }, target: { type: 'operator', id } };
  },
  'POST /console/operators/:id/reset-2fa': async (kit) => {
    const { id } = await operator(kit);
    return { url: `/console/operators/${id}/reset-2fa`, target: { type: 'operator', id } };
  },
  'POST /console/operators/:id/setup-link': async (kit) => {
    const { id } = await operator(kit);
    return { url: `/console/operators/${id}/setup-link`, target: { type: 'operator', id } };
  },
  'PUT /console/security': async () => ({ url: '/console/security', payload: { requireTotp: false }, target: { type: 'console', id: null } }),
  'POST /console/tokens': async () => ({
    url: '/console/tokens',
    payload: { name: 'cli', role: 'content' },
    target: (body) => ({ type: 'api-token', id: (body as { data: { record: { id: number } } }).data.record.id }),
  }),
  'DELETE /console/tokens/:id': async (kit) => {
    const { record } = await kit.prepare('POST', '/console/tokens', { name: 'cli', role: 'content' });
    return { url: `/console/tokens/${record.id}`, target: { type: 'api-token', id: record.id as number } };
  },

  /* Search, settings, members. */
  'POST /console/search/blocked-terms': async () => ({ url: '/console/search/blocked-terms', payload: { term: 'sweepterm' }, target: { type: 'search-term', id: 'sweepterm' } }),
  'DELETE /console/search/blocked-terms/:term': async (kit) => {
    await kit.prepare('POST', '/console/search/blocked-terms', { term: 'leftterm' });
    return { url: '/console/search/blocked-terms/leftterm', target: { type: 'search-term', id: 'leftterm' } };
  },
  'PATCH /console/settings': async () => ({ url: '/console/settings', payload: { siteName: 'Audited Dramas' }, target: { type: 'settings', id: null } }),
  'POST /console/members/:id/vip': async (kit) => {
    const id = await member(kit);
    return { url: `/console/members/${id}/vip`, payload: vipGrant(7, 'outage'), target: { type: 'user', id } };
  },
  'POST /console/members/:id/points': async (kit) => {
    const id = await member(kit);
    return { url: `/console/members/${id}/points`, payload: pointsChange(50, 'ticket 42'), target: { type: 'user', id } };
  },
  'POST /console/members/:id/disable': async (kit) => {
    const id = await member(kit);
    return { url: `/console/members/${id}/disable`, payload: { reason: 'abuse report' }, target: { type: 'user', id } };
  },
  'POST /console/members/:id/enable': async (kit) => {
    const id = await member(kit);
    await kit.t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', id).execute();
    return { url: `/console/members/${id}/enable`, payload: { reason: 'appeal granted' }, target: { type: 'user', id } };
  },
  'POST /console/members/:id/sign-out': async (kit) => {
    const id = await member(kit);
    return { url: `/console/members/${id}/sign-out`, payload: { reason: 'lost phone' }, target: { type: 'user', id } };
  },

  /* Episodes and media. */
  'POST /console/dramas/:id/episodes': async (kit) => {
    const dramaId = await drama(kit);
    return {
      url: `/console/dramas/${dramaId}/episodes`,
      payload: { uploadIds: [await upload(kit)], publish: false },
      target: (body) => ({ type: 'episode', id: (body as { data: { items: Array<{ id: number }> } }).data.items.at(-1)?.id ?? null }),
    };
  },
  'PUT /console/dramas/:id/episodes/order': async (kit) => {
    const { drama_id: dramaId } = await seededEpisode(kit);
    const ids = await kit.t.database.db.selectFrom('episodes').select('id').where('drama_id', '=', dramaId).orderBy('sequence').execute();
    return { url: `/console/dramas/${dramaId}/episodes/order`, payload: { episodeIds: ids.map((row) => row.id).reverse() }, target: { type: 'drama', id: dramaId } };
  },
  'PUT /console/dramas/:id/free-episodes': async (kit) => {
    const { drama_id: dramaId } = await seededEpisode(kit);
    return { url: `/console/dramas/${dramaId}/free-episodes`, payload: { count: 1 }, target: { type: 'drama', id: dramaId } };
  },
  'DELETE /console/episodes/:id': async (kit) => {
    const { episodeId } = await failedEpisode(kit);
    return { url: `/console/episodes/${episodeId}`, target: { type: 'episode', id: episodeId } };
  },
  'POST /console/episodes/:id/file': async (kit) => {
    const { episodeId } = await failedEpisode(kit);
    return { url: `/console/episodes/${episodeId}/file`, payload: { uploadId: await upload(kit) }, target: { type: 'episode', id: episodeId } };
  },
  'PUT /console/episodes/:id/status': async (kit) => {
    const { episodeId } = await failedEpisode(kit);
    return { url: `/console/episodes/${episodeId}/status`, payload: { status: 'published' }, target: { type: 'episode', id: episodeId } };
  },
  'PUT /console/episodes/:id/subtitles/:language': async (kit) => {
    const { id } = await seededEpisode(kit);
    return { url: `/console/episodes/${id}/subtitles/en`, payload: { content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' }, target: { type: 'episode', id } };
  },
  'DELETE /console/episodes/:id/subtitles/:language': async (kit) => {
    const { id } = await seededEpisode(kit);
    await kit.prepare('PUT', `/console/episodes/${id}/subtitles/zh`, { content: 'WEBVTT\n\n00:00.000 --> 00:01.000\n你好\n' });
    return { url: `/console/episodes/${id}/subtitles/zh`, target: { type: 'episode', id } };
  },
  'POST /console/media-jobs/:id/retry': async (kit) => {
    const { jobId } = await failedEpisode(kit);
    return { url: `/console/media-jobs/${jobId}/retry`, target: { type: 'media_job', id: jobId } };
  },

  /* The catalogue. */
  'POST /console/dramas/import': async () => {
    const slug = unique('imported');
    return {
      url: '/console/dramas/import',
      payload: {
        dramas: [
          {
            slug,
            title: texts(slug),
            description: texts('An imported drama.'),
            coverPath: 'cold-palace-consort.jpg',
            episodes: [{ sequence: 1, isFree: true, durationSeconds: 45, mediaKey: 'cold-palace-consort-ep01' }],
          },
        ],
      },
      target: { type: 'drama', id: null },
    };
  },
  'POST /console/dramas': async () => {
    const slug = unique('created');
    return { url: '/console/dramas', payload: { slug, title: texts(slug), description: texts('A new drama.') }, target: dataId('drama') };
  },
  'PATCH /console/dramas/:id': async (kit) => {
    const id = await drama(kit);
    return { url: `/console/dramas/${id}`, payload: { isCompleted: true }, target: { type: 'drama', id } };
  },
  'POST /console/dramas/:id/status': async (kit) => {
    const id = await drama(kit);
    // A drama goes out only with a cover; the cover's own call is audited on its own.
    await kit.t.database.db.updateTable('dramas').set({ cover_path: 'covers/audited.webp' }).where('id', '=', id).execute();
    return { url: `/console/dramas/${id}/status`, payload: { status: 'unlisted' }, target: { type: 'drama', id } };
  },
  'PATCH /console/uploads/:id': async (kit) => {
    // A resumable upload begun by the caller, whose one PATCH sends every byte and finishes it.
    const bytes = Buffer.from('not yet a video');
    const begun = await kit.t.server.inject({
      method: 'POST',
      url: `${API_BASE}/console/uploads`,
      headers: { ...kit.caller.headers, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': `filename ${Buffer.from('episode.mp4').toString('base64')}` },
    });
    const id = String(begun.headers.location ?? '').split('/').pop() ?? '';
    if (begun.statusCode !== 201 || !id) throw new Error(`beginning an upload answered ${begun.statusCode} ${begun.body.slice(0, 200)}`);
    return {
      url: `/console/uploads/${id}`,
      headers: { ...kit.caller.headers, 'tus-resumable': '1.0.0', 'upload-offset': '0' },
      form: { body: bytes, contentType: 'application/offset+octet-stream' },
      status: 204,
      target: { type: 'upload', id },
    };
  },
  'POST /console/dramas/:id/cover': async (kit) => {
    const id = await drama(kit);
    const image = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 180, g: 40, b: 90 } } }).png().toBuffer();
    const form = multipart([{ filename: 'cover.png', contentType: 'image/png', data: image }], { x: '0', y: '0', width: '300', height: '400' });
    return { url: `/console/dramas/${id}/cover`, form, target: { type: 'drama', id } };
  },
  'POST /console/categories': async () => {
    const slug = unique('category');
    return { url: '/console/categories', payload: { slug, name: texts(slug) }, target: dataId('category') };
  },
  'PUT /console/categories/order': async (kit) => {
    const { items } = await kit.prepare('GET', '/console/categories');
    return { url: '/console/categories/order', payload: { ids: (items as Array<{ id: number }>).map((item) => item.id).reverse() }, target: { type: 'category', id: null } };
  },
  'PATCH /console/categories/:id': async (kit) => {
    const id = await term(kit, 'categories');
    return { url: `/console/categories/${id}`, payload: { name: texts('Renamed') }, target: { type: 'category', id } };
  },
  'DELETE /console/categories/:id': async (kit) => {
    const id = await term(kit, 'categories');
    return { url: `/console/categories/${id}`, target: { type: 'category', id } };
  },
  'POST /console/tags': async () => {
    const slug = unique('tag');
    return { url: '/console/tags', payload: { slug, name: texts(slug) }, target: dataId('tag') };
  },
  'PATCH /console/tags/:id': async (kit) => {
    const id = await term(kit, 'tags');
    return { url: `/console/tags/${id}`, payload: { name: texts('Renamed') }, target: { type: 'tag', id } };
  },
  'DELETE /console/tags/:id': async (kit) => {
    const id = await term(kit, 'tags');
    return { url: `/console/tags/${id}`, target: { type: 'tag', id } };
  },
  'PUT /console/home-slots/featured': async (kit) => {
    const { drama_id: dramaId } = await seededEpisode(kit);
    return { url: '/console/home-slots/featured', payload: { dramaIds: [dramaId] }, target: { type: 'home', id: 'featured' } };
  },
  'POST /console/analytics/recompute': async (kit) => {
    const day = pastDay(kit);
    return { url: '/console/analytics/recompute', payload: { from: day, to: day }, target: { type: 'analytics', id: null } };
  },

  /* The bootstrap surface (an owner's API token, or the bootstrap token). */
  'POST /admin/operators': async () => ({
    url: '/admin/operators',
    payload: { username: unique('boot'), role: 'support' },
    target: (body) => ({ type: 'operator', id: (body as { data: { operator: { id: number } } }).data.operator.id }),
  }),
  'POST /admin/operators/:username/reset-2fa': async (kit) => {
    const row = await operator(kit, 'support');
    return { url: `/admin/operators/${row.username}/reset-2fa`, target: { type: 'operator', id: row.id } };
  },
  'POST /admin/operators/:username/disable': async (kit) => {
    const row = await operator(kit, 'support');
    return { url: `/admin/operators/${row.username}/disable`, target: { type: 'operator', id: row.id } };
  },
  'POST /admin/operators/:username/tokens': async (kit) => {
    const row = await operator(kit, 'support');
    return {
      url: `/admin/operators/${row.username}/tokens`,
      payload: { name: 'cli', role: 'support' },
      target: (body) => ({ type: 'api-token', id: (body as { data: { id?: number; record?: { id: number } } }).data.record?.id ?? (body as { data: { id: number } }).data.id }),
    };
  },
};

export interface AuditOutcome {
  status: number;
  /** The status the call answers when it succeeds. */
  okStatus: number;
  answer: string;
  /** The rows the call wrote, as the log keeps who, what and on what. */
  written: Array<{ action: string; operator_id: number | null; via: string; target_type: string; target_id: string | null }>;
  expected: { action: string; operator_id: number | null; via: string; target_type: string; target_id: string | null };
}

/**
 * Prepares and makes the audited call of `method path` (a key of AUDITED_CALLS) as `caller`,
 * and reads back every audit row written while the call ran, next to the one it must write.
 */
export async function auditedCall(t: TestApp, method: string, path: string, action: string, caller: AuditCaller): Promise<AuditOutcome> {
  const make = AUDITED_CALLS[`${method} ${path}`];
  if (!make) throw new Error(`${method} ${path} declares ${action} but has no call in AUDITED_CALLS`);
  const prepare = async (prepMethod: string, url: string, payload?: unknown) => {
    const response = await t.server.inject({
      method: prepMethod as 'GET',
      url: `${API_BASE}${url}`,
      headers: caller.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (response.statusCode !== 200) throw new Error(`preparing ${method} ${path}: ${prepMethod} ${url} answered ${response.statusCode} ${response.body.slice(0, 200)}`);
    return (response.json() as { data: unknown }).data;
  };
  const call = await make({ t, caller, prepare });
  const db = t.database.db;
  const last = await db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const since = last?.id ?? '0';
  const headers = call.headers ?? caller.headers;
  const response = await t.server.inject({
    method: method as 'POST',
    url: `${API_BASE}${call.url}`,
    headers: call.form ? { ...headers, 'content-type': call.form.contentType } : headers,
    ...(call.form ? { payload: call.form.body } : call.payload === undefined ? {} : { payload: call.payload as Record<string, unknown> }),
  });
  const written = await db
    .selectFrom('audit_log')
    .select(['action', 'operator_id', 'via', 'target_type', 'target_id'])
    .where('id', '>', since)
    .orderBy('id')
    .execute();
  let target: AuditTarget = { type: '?', id: null };
  try {
    target = typeof call.target === 'function' ? call.target(response.json()) : call.target;
  } catch {
    // An answer without the target: the comparison below shows the call's status and answer.
  }
  return {
    status: response.statusCode,
    okStatus: call.status ?? 200,
    answer: response.body.slice(0, 200),
    written,
    expected: {
      action,
      operator_id: call.actorId ?? caller.operatorId,
      via: call.actorId === undefined ? caller.via : 'session',
      target_type: target.type,
      target_id: target.id === null ? null : String(target.id),
    },
  };
}
