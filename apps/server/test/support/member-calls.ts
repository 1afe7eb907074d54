import { adminPointsResponseSchema, API_BASE, apiPaths, errorEnvelopeSchema } from '@drama/contracts';
import { expect } from 'vitest';
import { adminAuth } from './admin-auth.js';
import { okData } from './answers.js';
import { buildUser, type BuildUserOptions } from './factories.js';
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

  /** Asserts a refusal and gives its details. */
  function refused(answer: { status: number; body: unknown }, status: number, code: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope.code).toBe(code);
    return envelope.details;
  }

  function member(options: BuildUserOptions = {}) {
    return buildUser(t.database.db, t.ctx.tokens, options);
  }

  /** Grants (or, below zero, deducts) points as the operator does. */
  async function grant(userId: number, amount: number, note = 'goodwill') {
    return okData(await call('POST', apiPaths.adminUserPoints(userId), await adminAuth(t), { amount, note, reason: note }), adminPointsResponseSchema);
  }

  return { call, refused, member, grant };
}
