import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@drama/contracts';
import { generate } from 'otplib';
import { PasswordHasher, TEST_SCRYPT } from '../../src/modules/auth/passwords.js';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/platform/operators.js';
import type { TestApp } from './test-app.js';

const hasher = new PasswordHasher(TEST_SCRYPT);
export const OPERATOR_PASSWORD = 'correct horse battery';

export interface ConsoleCaller {
  operator: { id: number; username: string; role: OperatorRole };
  /** Cookie and X-CSRF-Token, ready for `server.inject`. */
  headers: Record<string, string>;
  cookies: { session: string; csrf: string };
}

/** Inserts an operator with OPERATOR_PASSWORD (and a two-factor secret when given). */
export async function buildOperator(app: TestApp, role: OperatorRole, options: { totpSecret?: string; username?: string } = {}) {
  const username = options.username ?? `op_${role}_${randomBytes(4).toString('hex')}`;
  return app.ctx.db
    .insertInto('operators')
    .values({
      username,
      role,
      password_hash: await hasher.hash(OPERATOR_PASSWORD),
      ...(options.totpSecret ? { totp_secret: options.totpSecret, totp_enabled: true } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function cookieValue(setCookie: string | string[] | undefined, name: string): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.map((line) => line.split(';')[0] ?? '').find((pair) => pair.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie set`);
  return decodeURIComponent(found.slice(name.length + 1));
}

export function callerHeaders(session: string, csrf: string): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, 'x-csrf-token': csrf };
}

/** Signs in through the real sign-in call and returns what a browser would then send. */
export async function signInOperator(app: TestApp, username: string, totpSecret?: string): Promise<ConsoleCaller['cookies']> {
  const code = totpSecret ? await generate({ secret: totpSecret, epoch: Math.floor(app.ctx.clock().getTime() / 1000) }) : undefined;
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/v1/console/auth/sign-in',
    payload: { username, password: OPERATOR_PASSWORD, ...(code ? { code } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { session: cookieValue(response.headers['set-cookie'], SESSION_COOKIE), csrf: cookieValue(response.headers['set-cookie'], CSRF_COOKIE) };
}

/** A signed-in operator of `role`, made for this call. */
export async function consoleAs(app: TestApp, role: OperatorRole): Promise<ConsoleCaller> {
  const row = await buildOperator(app, role);
  const cookies = await signInOperator(app, row.username);
  return { operator: { id: row.id, username: row.username, role }, headers: callerHeaders(cookies.session, cookies.csrf), cookies };
}

/** An API token of `role` (the operator's command sends it as a bearer). */
export async function operatorToken(app: TestApp, role: OperatorRole): Promise<{ authorization: string; operatorId: number }> {
  const owner = await consoleAs(app, 'owner');
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/v1/console/tokens',
    headers: owner.headers,
    payload: { name: `token for ${role}`, role },
  });
  if (response.statusCode !== 200) throw new Error(`token failed: ${response.body}`);
  const { token } = (response.json() as { data: { token: string } }).data;
  return { authorization: `Bearer ${token}`, operatorId: owner.operator.id };
}
