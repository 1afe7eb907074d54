import { randomBytes } from 'node:crypto';
import {
  API_BASE,
  apiPaths,
  apiErrorEnvelopeSchema,
  type ApiErrorCode,
  consoleOutboxListResponseSchema,
  normalizePhone,
  PHONE_PATTERN,
  sessionResponseSchema,
} from '@drama/contracts';
import { expect } from 'vitest';
import { adminApiToken } from './admin-auth.js';
import type { TestApp } from './test-app.js';

/** The bootstrap admin token the account tests start their app with (it only makes operators and their tokens). */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/**
 * An Etc/GMT zone in which it is now around noon, so that tests which move codes back by a
 * minute or two never cross the day boundary of APP_TIMEZONE, whatever time they run.
 */
export function middayTimeZone(now = new Date()): string {
  let offset = 12 - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A small typed client of the account calls, so tests read like what a person does. */
export function accountClient(t: TestApp, adminToken?: string) {
  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    options: { body?: unknown; token?: string | undefined; headers?: Record<string, string>; from?: string } = {},
  ): Promise<Answer> {
    const response = await t.server.inject({
      method,
      url: `${API_BASE}${path}`,
      ...(options.from ? { remoteAddress: options.from } : {}),
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  /** Asserts a refusal and returns its details. */
  function refused(answer: Answer, status: number, code: ApiErrorCode): Record<string, unknown> {
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: { success: false, code } });
    const details = apiErrorEnvelopeSchema.parse(answer.body).details;
    return (details ?? {}) as Record<string, unknown>;
  }

  async function signUp(overrides: { username?: string; password?: string; email?: string } = {}) {
    const body = {
      username: overrides.username ?? `u_${randomBytes(5).toString('hex')}`,
      password: overrides.password ?? 'secret-pass-1',
      ...(overrides.email ? { email: overrides.email } : {}),
    };
    const answer = await call('POST', apiPaths.signUp(), { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const session = sessionResponseSchema.parse(answer.body).data;
    return { ...session, password: body.password, username: body.username };
  }

  async function signIn(account: string, password: string, extra: Record<string, unknown> = {}) {
    return call('POST', apiPaths.signIn(), { body: { account, password, ...extra } });
  }

  async function requestCode(
    body: { channel: 'email' | 'phone'; target: string; purpose: 'reset' | 'bind' },
    token?: string,
  ) {
    return call('POST', apiPaths.authCodes(), { body, token });
  }

  /**
   * The outbox, newest first, as an owner reads it (only the owner sees the codes). With a
   * destination, the messages to exactly that one (phones without +86, e-mails in any case):
   * the console's filter matches part of the recipient, so the exact ones are picked here.
   */
  async function outbox(target?: string) {
    const wanted = target === undefined ? undefined : PHONE_PATTERN.test(target) ? normalizePhone(target) : target.toLowerCase();
    const query = wanted ? `?q=${encodeURIComponent(wanted)}&limit=100` : '';
    const answer = await call('GET', `${apiPaths.consoleOutbox()}${query}`, { token: adminToken ?? (await adminApiToken(t)) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = consoleOutboxListResponseSchema.parse(answer.body).data;
    if (!wanted) return data;
    const items = data.items.filter((message) => message.target === wanted);
    return { ...data, items, total: items.length };
  }

  /** Reads the newest code sent to a destination, the way a person reads their mail. */
  async function latestCode(target: string): Promise<string> {
    const [message] = (await outbox(target)).items;
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${target}`);
    return code;
  }

  return { call, refused, signUp, signIn, requestCode, outbox, latestCode };
}

export function uniqueEmail(): string {
  return `reader.${randomBytes(5).toString('hex')}@example.com`;
}

/** A mainland mobile number no other test uses. */
export function uniquePhone(): string {
  return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}
