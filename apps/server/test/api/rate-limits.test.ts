import { API_BASE, apiPaths, dramaDetailResponseSchema, dramaListResponseSchema, errorEnvelopeSchema } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LIKES_PER_MINUTE } from '../../src/modules/likes/routes.js';
import { accountClient, TEST_ADMIN_TOKEN, uniqueEmail } from '../support/accounts.js';
import { buildUser } from '../support/factories.js';
import { movableClock } from '../support/membership.js';
import { useTestApp } from '../support/test-app.js';

/*
 * The rate limits, one describe per rule. Parts already proved elsewhere are not repeated here:
 * - sign-in lockout (5 wrong → ACCOUNT_LOCKED, 15 minutes, then the count starts again):
 *   auth.test.ts 'counts wrong passwords down, then locks the account for 15 minutes';
 * - code cooldown (60 s → CODE_COOLDOWN) and 10 a day (CODE_DAILY_LIMIT, yesterday's not
 *   counted): auth.test.ts 'makes the same destination wait 60 s…' and 'sends at most 10 codes…';
 * - redeem failures, 10 per member and 30 per address in 10 minutes (429 RATE_LIMITED, retryAfter,
 *   Retry-After): redeem.test.ts 'locks a member out…' and 'limits an address to thirty failures…';
 * - guest likes (30 a minute per address and route, Retry-After): likes.test.ts 'limits a guest…';
 * - feedback at the default FEEDBACK_PER_HOUR (5), also when sent in parallel: feedback.test.ts;
 * - orders, task progress, uploads and vitals: their own test files;
 * - the same limits across two instances, and while Redis is lost: test/process.
 */

const FEEDBACK_PER_HOUR = 2;
const clock = movableClock();
const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, FEEDBACK_PER_HOUR: String(FEEDBACK_PER_HOUR) }, { clock: clock.now });
const api = accountClient(t);
let episodeId = 0;

beforeAll(async () => {
  const list = dramaListResponseSchema.parse((await api.call('GET', '/client/dramas?limit=1')).body);
  const detail = dramaDetailResponseSchema.parse((await api.call('GET', apiPaths.drama(list.data.items[0]?.id ?? 0))).body);
  episodeId = detail.data.episodes[0]?.id ?? 0;
});

const member = () => buildUser(t.database.db, t.ctx.tokens);

async function likeCall(method: 'GET' | 'POST' | 'DELETE', route: string, headers: Record<string, string> = {}, ip = '127.0.0.1') {
  const response = await t.server.inject({ method, url: `${API_BASE}${route}`, headers, remoteAddress: ip });
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

describe('sign-in lockout', () => {
  it('is per account: wrong passwords for one account leave another, from the same address, free', async () => {
    const locked = await api.signUp();
    const neighbour = await api.signUp();
    for (let i = 0; i < 4; i += 1) api.refused(await api.signIn(locked.username, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
    expect(api.refused(await api.signIn(locked.username, 'wrong-password'), 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 15 });
    expect((await api.signIn(neighbour.username, neighbour.password)).status).toBe(200);
    expect(api.refused(await api.signIn(neighbour.username, 'wrong-password'), 401, 'INVALID_CREDENTIALS')).toEqual({
      attemptsRemaining: 4,
      challengeRequired: false,
    });
  });
});

describe('verification codes', () => {
  it('holds back the destination in its cooldown, not the next one asked for', async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    await api.signUp({ email: first });
    await api.signUp({ email: second });
    expect((await api.requestCode({ channel: 'email', target: first, purpose: 'reset' })).status).toBe(200);
    api.refused(await api.requestCode({ channel: 'email', target: first, purpose: 'reset' }), 429, 'CODE_COOLDOWN');
    expect((await api.requestCode({ channel: 'email', target: second, purpose: 'reset' })).status).toBe(200);
  });
});

describe('member likes', () => {
  it(`allows ${MEMBER_LIKES_PER_MINUTE} likes and unlikes a minute per member, then 429 with Retry-After`, async () => {
    const { auth } = await member();
    for (let i = 0; i < MEMBER_LIKES_PER_MINUTE; i += 1) {
      const answer = await likeCall(i % 2 === 0 ? 'POST' : 'DELETE', apiPaths.like(episodeId), auth);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (const method of ['POST', 'DELETE'] as const) {
      const refused = await likeCall(method, apiPaths.like(episodeId), auth);
      expect(refused.status).toBe(429);
      const error = errorEnvelopeSchema.parse(refused.body);
      expect(error.code).toBe('RATE_LIMITED');
      const retryAfter = (error.details as { retryAfter: number }).retryAfter;
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['retry-after']).toBe(String(retryAfter));
    }
    // Reading is not limited; another member and a guest are not held back.
    expect((await likeCall('GET', apiPaths.likeCheck(episodeId), auth)).status).toBe(200);
    expect((await likeCall('POST', apiPaths.like(episodeId), (await member()).auth)).status).toBe(200);
    expect((await likeCall('POST', apiPaths.like(episodeId), {}, '10.30.0.1')).status).toBe(200);
  });
});

describe('feedback', () => {
  const send = (token: string, content: string) =>
    api.call('POST', apiPaths.feedback(), { token, body: { type: 'suggestion', content } });

  it('follows FEEDBACK_PER_HOUR as configured, and lets the member send again an hour later', async () => {
    const { token } = await member();
    for (let i = 0; i < FEEDBACK_PER_HOUR; i += 1) expect((await send(token, `idea number ${i}`)).status).toBe(200);
    const details = api.refused(await send(token, 'one idea too many'), 429, 'RATE_LIMITED');
    expect(details.retryAfter).toBeGreaterThan(3500);
    expect(details.retryAfter).toBeLessThanOrEqual(3600);

    clock.advance(30 * 60_000);
    expect(api.refused(await send(token, 'still too soon'), 429, 'RATE_LIMITED').retryAfter).toBeLessThanOrEqual(1800);
    clock.advance(30 * 60_000 + 1_000);
    expect((await send(token, 'an hour later')).status).toBe(200);
  });
});
