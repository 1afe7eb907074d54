import { API_BASE, apiErrorEnvelopeSchema } from '@drama/contracts';
import { expect } from 'vitest';
import { buildUser, type BuildUserOptions } from './factories.js';
import { adjustPoints } from './operator-acts.js';
import type { TestApp } from './test-app.js';

export type Auth = Record<string, string>;

/** The calls of members and of the operator, made on the app as the points, tasks, mall and watch tests make them. */
export function memberCalls(t: TestApp) {
  async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, auth: Auth = {}, body?: unknown, ip?: string) {
    const response = await t.server.inject({
      method,
      url: `${API_BASE}${url}`,
      headers: auth,
      ...(ip === undefined ? {} : { remoteAddress: ip }),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
  }

  /** Asserts a refusal (a member's code or an operator's) and gives its details. */
  function refused(answer: { status: number; body: unknown }, status: number, code: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    const envelope = apiErrorEnvelopeSchema.parse(answer.body);
    expect(envelope.code).toBe(code);
    return envelope.details;
  }

  function member(options: BuildUserOptions = {}) {
    return buildUser(t.database.db, t.ctx.tokens, options);
  }

  /** Grants (or, below zero, deducts) points as the operator does; the balance after is `member.points`. */
  async function grant(userId: number, amount: number, reason = 'goodwill') {
    return adjustPoints(t, userId, amount, { reason });
  }

  return { call, refused, member, grant };
}
