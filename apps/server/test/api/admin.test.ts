import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { apiPaths, consoleOutboxListResponseSchema, memberDetailResponseSchema, memberSearchResponseSchema } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';
import { accountClient, uniqueEmail } from '../support/accounts.js';
import { adminApiToken } from '../support/admin-auth.js';
import { buildUser } from '../support/factories.js';
import { grantVip, vipGrant } from '../support/operator-acts.js';
import { createTestApp, useTestApp } from '../support/test-app.js';

// No ADMIN_TOKEN here: the server makes a bootstrap token and keeps it in DATA_DIR/admin-token.
const t = useTestApp();
let bootstrapToken: string;
/** An owner's API token, made with the bootstrap token: what the console's calls take from the command. */
let adminToken: string;
let api: ReturnType<typeof accountClient>;
beforeAll(async () => {
  bootstrapToken = readFileSync(path.join(t.dataDir, 'admin-token'), 'utf8').trim();
  adminToken = await adminApiToken(t);
  api = accountClient(t, adminToken);
});

const DAY_MS = 86_400_000;

async function admin(method: 'GET' | 'POST', route: string, body?: unknown) {
  return api.call(method, route, { token: adminToken, body });
}

describe('the admin token', () => {
  it('is generated once and kept under DATA_DIR', () => {
    expect(bootstrapToken.length).toBeGreaterThanOrEqual(24);
  });

  it.each([
    ['GET', apiPaths.consoleOutbox(), undefined],
    ['GET', apiPaths.consoleMembers(), undefined],
    ['POST', apiPaths.consoleMemberDisable(1), { reason: 'x' }],
    ['POST', apiPaths.consoleMemberEnable(1), { reason: 'x' }],
    ['POST', apiPaths.consoleMemberVip(1), vipGrant(1)],
  ] as const)('%s %s refuses a missing, wrong or member token, and the bootstrap token', async (method, route, body) => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    for (const token of [undefined, 'wrong-token', `${adminToken}x`, adminToken.slice(0, -1), member.token]) {
      api.refused(await api.call(method, route, { token, body }), 401, 'OPERATOR_UNAUTHENTICATED');
    }
    const raw = await t.server.inject({
      method,
      url: `/api/v1${route}`,
      headers: { authorization: adminToken },
      ...(body ? { payload: body } : {}),
    });
    expect(raw.statusCode).toBe(401);
    // The bootstrap token only makes operators and their tokens: the console does not know it.
    api.refused(await api.call(method, route, { token: bootstrapToken, body }), 401, 'OPERATOR_UNAUTHENTICATED');
  });

  it('ADMIN_TOKEN, when set, is the token', async () => {
    const configured = await createTestApp({ ADMIN_TOKEN: 'configured-admin-token-0123456789' });
    try {
      const ok = await configured.server.inject({
        method: 'POST',
        url: '/api/v1/admin/operators',
        headers: { authorization: 'Bearer configured-admin-token-0123456789' },
        payload: { username: 'first-support', role: 'support' },
      });
      expect(ok.statusCode).toBe(200);
      const generated = await configured.server.inject({
        method: 'POST',
        url: '/api/v1/admin/operators',
        headers: { authorization: `Bearer ${bootstrapToken}` },
        payload: { username: 'second-support', role: 'support' },
      });
      expect(generated.statusCode).toBe(401);
    } finally {
      await configured.close();
    }
  });
});

describe('outbox', () => {
  it('lists messages newest first, filtered by part of the destination in any case, codes in clear for the owner', async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    for (const email of [first, second]) {
      await api.signUp({ email });
      expect((await api.requestCode({ channel: 'email', target: email, purpose: 'reset' })).status).toBe(200);
    }
    const all = consoleOutboxListResponseSchema.parse((await admin('GET', apiPaths.consoleOutbox())).body).data;
    expect(all.items.map((message) => message.target).slice(0, 2)).toEqual([second, first]);
    const one = consoleOutboxListResponseSchema.parse(
      (await admin('GET', `${apiPaths.consoleOutbox()}?q=${encodeURIComponent(first.toUpperCase())}`)).body,
    ).data;
    expect(one.total).toBe(1);
    expect(one.items[0]).toMatchObject({ channel: 'email', target: first });
    expect(one.items[0]?.body).toMatch(/\b\d{6}\b/);
  });
});

describe('users', () => {
  it('finds users by part of the name, the e-mail (whole or its start) or the id', async () => {
    const email = uniqueEmail();
    const session = await api.signUp({ username: 'Findable_Zeta', email });
    for (const query of ['findable_z', 'FINDABLE', email.toUpperCase(), email.slice(0, email.indexOf('@') + 4), String(session.user.id)]) {
      const data = memberSearchResponseSchema.parse(
        (await admin('GET', `${apiPaths.consoleMembers()}?query=${encodeURIComponent(query)}`)).body,
      ).data;
      expect(
        data.items.map((user) => user.id),
        query,
      ).toContain(session.user.id);
    }
    const none = memberSearchResponseSchema.parse((await admin('GET', `${apiPaths.consoleMembers()}?query=%25%25none`)).body).data;
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('disabling refuses sign-in and ends tokens; enabling lets the member sign in again', async () => {
    const session = await api.signUp();
    const disabled = await admin('POST', apiPaths.consoleMemberDisable(session.user.id), { reason: 'abuse report' });
    expect(memberDetailResponseSchema.parse(disabled.body).data).toMatchObject({ id: session.user.id, status: 0 });

    api.refused(await api.call('GET', apiPaths.me(), { token: session.token }), 401, 'UNAUTHORIZED');
    api.refused(await api.signIn(session.username, session.password), 403, 'ACCOUNT_DISABLED');
    // A wrong password is still just wrong: the status is told only to who knows the password.
    api.refused(await api.signIn(session.username, 'wrong-password'), 401, 'INVALID_CREDENTIALS');

    const enabled = await admin('POST', apiPaths.consoleMemberEnable(session.user.id), { reason: 'appeal granted' });
    expect(memberDetailResponseSchema.parse(enabled.body).data.status).toBe(1);
    api.refused(await api.call('GET', apiPaths.me(), { token: session.token }), 401, 'UNAUTHORIZED');
    expect((await api.signIn(session.username, session.password)).status).toBe(200);
  });

  it('grants VIP from now, and extends an active VIP from its expiry', async () => {
    const plain = await buildUser(t.database.db, t.ctx.tokens);
    const before = Date.now();
    const granted = await grantVip(t, plain.user.id, 7);
    expect(granted.vipLevel).toBe(1);
    const expiry = Date.parse(granted.vipExpireTime ?? '');
    expect(expiry).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);

    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 10 });
    const current = vip.user.vip_expire_time?.getTime() ?? 0;
    const extended = await grantVip(t, vip.user.id, 30);
    expect(Date.parse(extended.vipExpireTime ?? '')).toBe(current + 30 * DAY_MS);

    const lapsed = await buildUser(t.database.db, t.ctx.tokens, { vipDays: -5 });
    const renewed = await grantVip(t, lapsed.user.id, 1);
    expect(Date.parse(renewed.vipExpireTime ?? '')).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
  });

  it('answers 404 USER_NOT_FOUND for an unknown id and 400 for bad input', async () => {
    api.refused(await admin('POST', apiPaths.consoleMemberDisable(999_999), { reason: 'test' }), 404, 'USER_NOT_FOUND');
    api.refused(await admin('POST', apiPaths.consoleMemberEnable(999_999), { reason: 'test' }), 404, 'USER_NOT_FOUND');
    api.refused(await admin('POST', apiPaths.consoleMemberVip(999_999), vipGrant(1)), 404, 'USER_NOT_FOUND');
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { reason: _reason, ...noReason } = vipGrant(1);
    for (const body of [
      { ...vipGrant(1), days: 0 },
      { ...vipGrant(1), days: -3 },
      { ...vipGrant(1), days: 1.5 },
      { ...vipGrant(1), days: 'x' },
      {},
      noReason,
      vipGrant(1, ' '),
      { ...vipGrant(1), direction: 'gift' },
      { ...vipGrant(1), idempotencyKey: 'short' },
    ]) {
      api.refused(await admin('POST', apiPaths.consoleMemberVip(member.user.id), body), 400, 'VALIDATION_FAILED');
    }
    for (const body of [undefined, {}, { reason: ' ' }]) {
      api.refused(await admin('POST', apiPaths.consoleMemberDisable(member.user.id), body), 400, 'VALIDATION_FAILED');
    }
    api.refused(await admin('POST', '/console/members/abc/disable', { reason: 'test' }), 400, 'VALIDATION_FAILED');
  });
});

describe('npm run admin', () => {
  let url: string;
  beforeAll(async () => {
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  });

  /** Runs the command as an operator would: their API token in ADMIN_API_TOKEN, the bootstrap token read from DATA_DIR/admin-token. */
  function cli(args: string[], env: Record<string, string> = {}) {
    const { ADMIN_TOKEN: _unset, ADMIN_API_TOKEN: _unsetToken, ...inherited } = process.env;
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
        [path.join(REPO_ROOT, 'apps/server/src/cli/admin.ts'), ...args],
        { cwd: REPO_ROOT, env: { ...inherited, DATA_DIR: t.dataDir, ADMIN_API_TOKEN: adminToken, ...env }, timeout: 60_000 },
        (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
        },
      );
    });
  }

  it('prints its help', { timeout: 60_000 }, async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: npm run admin/);
    expect(run.stdout).toMatch(/user vip <id> --days <n>/);
  });

  it('reads the outbox, lists, disables, enables and grants VIP', { timeout: 120_000 }, async () => {
    const email = uniqueEmail();
    const session = await api.signUp({ username: 'Cli_Reader', email });
    await api.requestCode({ channel: 'email', target: email, purpose: 'reset' });

    const outbox = await cli(['--url', url, 'outbox', '--target', email]);
    expect(outbox.stderr).toBe('');
    expect(outbox.code).toBe(0);
    expect(outbox.stdout).toMatch(/ID\s+SENT \(UTC\)\s+CHANNEL\s+TARGET\s+MESSAGE/);
    expect(outbox.stdout).toContain(email);
    expect(outbox.stdout).toContain(await api.latestCode(email));

    const list = await cli(['--url', url, 'user', 'list', '--query', 'cli_reader']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ID\s+USERNAME\s+EMAIL/);
    expect(list.stdout).toMatch(new RegExp(`${session.user.id}\\s+Cli_Reader\\s+${email.replace(/\./g, '\\.')}`));

    const id = String(session.user.id);
    const disable = await cli(['--url', url, 'user', 'disable', id, '--reason', 'abuse report']);
    expect(disable.code).toBe(0);
    expect(disable.stdout).toMatch(/Cli_Reader\) disabled/);
    api.refused(await api.signIn('Cli_Reader', session.password), 403, 'ACCOUNT_DISABLED');

    const enable = await cli(['--url', url, 'user', 'enable', id, '--reason', 'appeal granted']);
    expect(enable.code).toBe(0);
    expect((await api.signIn('Cli_Reader', session.password)).status).toBe(200);

    const vip = await cli(['--url', url, 'user', 'vip', id, '--days', '30', '--reason', 'compensation']);
    expect(vip.code).toBe(0);
    expect(vip.stdout).toMatch(/Granted 30 VIP days/);
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(row.vip_level).toBe(1);
    expect(row.vip_expire_time?.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('fails clearly: wrong token, unknown user, unreachable server, bad usage', { timeout: 120_000 }, async () => {
    const [wrongToken, unknown, unreachable, noDays, unknownCommand, noToken] = await Promise.all([
      cli(['--url', url, 'outbox'], { ADMIN_API_TOKEN: 'definitely-not-the-admin-token' }),
      cli(['--url', url, 'user', 'disable', '999999', '--reason', 'test']),
      cli(['--url', 'http://127.0.0.1:9', 'user', 'list']),
      cli(['--url', url, 'user', 'vip', '1', '--reason', 'test']),
      cli(['--url', url, 'frobnicate']),
      cli(['--url', url, 'outbox'], { ADMIN_API_TOKEN: '' }),
    ]);
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toMatch(/OPERATOR_UNAUTHENTICATED/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/USER_NOT_FOUND/);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/Cannot reach the server at http:\/\/127\.0\.0\.1:9/);
    expect(noDays.code).toBe(2);
    expect(noDays.stderr).toMatch(/--days/);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/Unknown command "frobnicate"/);
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toMatch(/No admin token/);
  });
});
