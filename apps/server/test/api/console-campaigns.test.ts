import {
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  campaignRedemptionsResponseSchema,
  consoleCampaignListResponseSchema,
  consoleCampaignResponseSchema,
  OPERATOR_ROLES,
  type OperatorRole,
  redeemResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { adminAuth } from '../support/admin-auth.js';
import { okData } from '../support/answers.js';
import { expectBalancesMatchLedger } from '../support/ledger.js';
import { memberCalls } from '../support/member-calls.js';
import { campaignCodes } from '../support/operator-acts.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const DAY_MS = 86_400_000;
let offsetMs = 0;
const clock = () => new Date(Date.UTC(2026, 10, 20, 2, 0, 0) + offsetMs);
const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, APP_TIMEZONE: 'Asia/Shanghai' }, { clock });
const CONSOLE = `${API_BASE}/console`;
const { call: viewerCall, member } = memberCalls(t);

const callers = new Map<OperatorRole, ConsoleCaller>();
const as = (role: OperatorRole) => callers.get(role) as ConsoleCaller;

async function signIn(): Promise<void> {
  for (const role of OPERATOR_ROLES) callers.set(role, await consoleAs(t, role));
}
beforeAll(signIn);

/** Moves the clock; sessions end after 30 idle minutes, so the operators sign in again. */
async function at(ms: number): Promise<void> {
  offsetMs = ms;
  await signIn();
}

async function call(role: OperatorRole, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await t.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: as(role).headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

function refused(answer: { status: number; body: string }, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(apiErrorEnvelopeSchema.parse(JSON.parse(answer.body)).code).toBe(code);
}

/** A console answer as okData reads it. */
const json = (answer: { status: number; body: string }) => ({ status: answer.status, body: JSON.parse(answer.body) as unknown });

async function createCampaign(body: Record<string, unknown>) {
  return okData(json(await call('finance', 'POST', '/campaigns', { type: 'points', value: 50, count: 5, ...body })), consoleCampaignResponseSchema);
}

async function codesOf(id: number): Promise<string[][]> {
  const answer = await call('finance', 'GET', `/campaigns/${id}/codes.csv`);
  expect(answer.status, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/csv/);
  return answer.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

async function redeem(auth: Record<string, string>, code: string) {
  return viewerCall('POST', apiPaths.redeem(), auth, { code });
}

async function auditRows(action: string, id: number) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(id)).execute();
}

describe('campaigns: who may', () => {
  it('lets finance and the owner in, and no one else, on every route', async () => {
    const campaign = await createCampaign({ name: 'Roles' });
    const routes: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
      ['GET', '/campaigns'],
      ['POST', '/campaigns', { name: 'X', type: 'points', value: 1, count: 1 }],
      ['GET', `/campaigns/${campaign.id}`],
      ['GET', `/campaigns/${campaign.id}/redemptions`],
      ['GET', `/campaigns/${campaign.id}/codes.csv`],
      ['POST', `/campaigns/${campaign.id}/revoke`, { reason: 'roles' }],
    ];
    for (const [method, url, body] of routes) {
      for (const role of ['content', 'support'] as const) refused(await call(role, method, url, body), 403, 'OPERATOR_FORBIDDEN');
      const anonymous = await t.server.inject({ method, url: `${CONSOLE}${url}`, ...(body ? { payload: body as Record<string, unknown> } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
    for (const [method, url, body] of routes.slice(0, 5)) {
      for (const role of ['finance', 'owner'] as const) expect((await call(role, method, url, body)).status).toBe(200);
    }
  });
});

describe('campaigns', () => {
  it('makes a campaign whose codes are exported, redeemed and counted, and audited', async () => {
    const made = await createCampaign({ name: 'Spring festival', type: 'vip_days', value: 7, count: 4 });
    expect(made).toMatchObject({ name: 'Spring festival', type: 'vip_days', value: 7, count: 4, redeemed: 0, revoked: 0, state: 'active', expiresAt: null, createdBy: as('finance').operator.username });

    const [header, ...rows] = await codesOf(made.id);
    expect(header).toEqual(['code', 'type', 'value', 'expires_at', 'status', 'redeemed_at', 'redeemed_by']);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row[1] === 'vip_days' && row[2] === '7' && row[4] === 'unused')).toBe(true);

    const buyer = await member();
    okData(await redeem(buyer.auth, rows[0]![0]!), redeemResponseSchema);
    const after = okData(json(await call('finance', 'GET', `/campaigns/${made.id}`)), consoleCampaignResponseSchema);
    expect(after).toMatchObject({ redeemed: 1, state: 'active' });
    const [, ...exported] = await codesOf(made.id);
    expect(exported[0]).toEqual([rows[0]![0], 'vip_days', '7', '', 'redeemed', clock().toISOString(), String(buyer.user.id)]);

    expect(await auditRows('redeem.batch-create', made.id)).toHaveLength(1);
    expect(await auditRows('redeem.batch-export', made.id)).toHaveLength(2);
    // The log keeps what a batch is worth, never a code.
    const logged = JSON.stringify(await t.ctx.db.selectFrom('audit_log').select(['before', 'after']).execute());
    for (const [code] of rows) expect(logged).not.toContain(code);
  });

  it('counts redemptions per day in APP_TIMEZONE, the days without any included', async () => {
    await at(0);
    const made = await createCampaign({ name: 'Per day', count: 3 });
    const [, ...rows] = await codesOf(made.id);
    const buyer = await member();
    // 02:00 UTC is 10:00 in Shanghai, the 20th; 17:00 UTC is already the 21st there.
    await redeem(buyer.auth, rows[0]![0]!);
    await at(15 * 3_600_000);
    await redeem(buyer.auth, rows[1]![0]!);
    await at(2 * DAY_MS + 15 * 3_600_000);
    await redeem(buyer.auth, rows[2]![0]!);
    const per = okData(json(await call('finance', 'GET', `/campaigns/${made.id}/redemptions`)), campaignRedemptionsResponseSchema);
    expect(per).toEqual({
      timezone: 'Asia/Shanghai',
      days: [
        { day: '2026-11-20', count: 1 },
        { day: '2026-11-21', count: 1 },
        { day: '2026-11-22', count: 0 },
        { day: '2026-11-23', count: 1 },
      ],
    });
    expect(okData(json(await call('finance', 'GET', `/campaigns/${made.id}`)), consoleCampaignResponseSchema).state).toBe('exhausted');
    await at(0);
    await expectBalancesMatchLedger(t.database.db);
  });

  it('revokes once: unused codes end for members, redeemed ones keep what they gave', async () => {
    const made = await createCampaign({ name: 'Leaked', value: 30, count: 4 });
    const [, ...rows] = await codesOf(made.id);
    const early = await member();
    okData(await redeem(early.auth, rows[0]![0]!), redeemResponseSchema);

    const [first, second] = await Promise.all([
      call('finance', 'POST', `/campaigns/${made.id}/revoke`, { reason: 'posted on a forum' }),
      call('owner', 'POST', `/campaigns/${made.id}/revoke`, { reason: 'posted on a forum' }),
    ]);
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
    refused(answers[1]!, 409, 'CAMPAIGN_REVOKED');
    const revoked = okData(json(answers[0]!), consoleCampaignResponseSchema);
    expect(revoked).toMatchObject({ state: 'revoked', redeemed: 1, revoked: 3, revokedAt: clock().toISOString() });
    const audit = await auditRows('redeem.batch-revoke', made.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ codesEnded: 3, reason: 'posted on a forum' });

    const late = await member();
    const answer = await redeem(late.auth, rows[1]![0]!);
    expect(answer.status).toBe(410);
    expect((answer.body as { code: string }).code).toBe('REDEEM_CODE_EXPIRED');
    const [, ...exported] = await codesOf(made.id);
    expect(exported.map((row) => row[4])).toEqual(['redeemed', 'revoked', 'revoked', 'revoked']);
    const points = await t.ctx.db.selectFrom('users').select('points').where('id', 'in', [early.user.id, late.user.id]).orderBy('id').execute();
    expect(points.map((row) => row.points)).toEqual([30, 0]);
  });

  it('lists with filters by name, type and state', async () => {
    const tag = `Filter ${Date.now()}`;
    const open = await createCampaign({ name: `${tag} open`, type: 'vip_days', value: 1, count: 1 });
    const soon = await createCampaign({ name: `${tag} soon`, count: 1, expiresAt: new Date(clock().getTime() + DAY_MS).toISOString() });
    const gone = await createCampaign({ name: `${tag} gone`, count: 1 });
    await call('finance', 'POST', `/campaigns/${gone.id}/revoke`, { reason: 'test' });
    await at(2 * DAY_MS);
    const list = async (query: string) =>
      okData(json(await call('finance', 'GET', `/campaigns?q=${encodeURIComponent(tag)}${query}`)), consoleCampaignListResponseSchema).items.map((item) => item.id);
    expect(await list('')).toEqual([gone.id, soon.id, open.id]);
    expect(await list('&type=vip_days')).toEqual([open.id]);
    expect(await list('&state=active')).toEqual([open.id]);
    expect(await list('&state=ended')).toEqual([soon.id]);
    expect(await list('&state=revoked')).toEqual([gone.id]);
    // % and _ are letters in the search, not patterns.
    expect(await list('%25')).toEqual([]);
    await at(0);
  });

  it("shows codes made with an operator's API token (the command's way) as campaigns too, made by that operator", async () => {
    const finance = await adminAuth(t, 'finance');
    const response = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.consoleCampaigns()}`,
      headers: finance,
      payload: { name: 'From the API', type: 'points', value: 5, count: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = okData(json(await call('finance', 'GET', '/campaigns?q=From%20the%20API')), consoleCampaignListResponseSchema);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ count: 2, value: 5, type: 'points', createdBy: expect.stringMatching(/^admin-finance-/) as string });
    const codes = await campaignCodes(t, found.items[0]?.id ?? 0, finance);
    expect(codes).toHaveLength(2);
    expect((await redeem((await member()).auth, codes[0] ?? '')).status).toBe(200);
  });

  it('refuses bad input with the envelope and a stable code', async () => {
    const bad: Array<[string, unknown, number, string]> = [
      ['/campaigns', { type: 'points', value: 5, count: 5 }, 400, 'VALIDATION_FAILED'],
      ['/campaigns', { name: ' ', type: 'points', value: 5, count: 5 }, 400, 'VALIDATION_FAILED'],
      ['/campaigns', { name: 'Big', type: 'points', value: 5, count: 10_001 }, 400, 'VALIDATION_FAILED'],
      ['/campaigns', { name: 'Zero', type: 'points', value: 0, count: 1 }, 400, 'VALIDATION_FAILED'],
      ['/campaigns', { name: 'Type', type: 'money', value: 5, count: 1 }, 400, 'VALIDATION_FAILED'],
      ['/campaigns', { name: 'Past', type: 'points', value: 5, count: 1, expiresAt: new Date(clock().getTime() - 1000).toISOString() }, 400, 'CAMPAIGN_EXPIRY_IN_PAST'],
      ['/campaigns/999999/revoke', { reason: 'x' }, 404, 'CAMPAIGN_NOT_FOUND'],
      ['/campaigns/1/revoke', {}, 400, 'VALIDATION_FAILED'],
    ];
    for (const [url, body, status, code] of bad) refused(await call('finance', 'POST', url, body), status, code);
    refused(await call('finance', 'GET', '/campaigns/999999'), 404, 'CAMPAIGN_NOT_FOUND');
    refused(await call('finance', 'GET', '/campaigns/999999/codes.csv'), 404, 'CAMPAIGN_NOT_FOUND');
    refused(await call('finance', 'GET', '/campaigns/abc'), 400, 'VALIDATION_FAILED');
    refused(await call('finance', 'GET', '/campaigns?state=gone'), 400, 'VALIDATION_FAILED');
  });
});
