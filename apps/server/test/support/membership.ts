import {
  API_BASE,
  apiPaths,
  createOrderResponseSchema,
  type ErrorCode,
  errorEnvelopeSchema,
  type OrderDetail,
  orderDetailResponseSchema,
  type Plan,
  type PlanCode,
  planListResponseSchema,
} from '@drama/contracts';
import { beforeAll, expect } from 'vitest';
import type { TestApp } from './test-app.js';

export const DAY_MS = 86_400_000;

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, unknown>;
}

/** A clock a test can move; the app reads it through BuildOptions.clock. */
export function movableClock() {
  let shiftMs = 0;
  return {
    now: () => new Date(Date.now() + shiftMs),
    advance(ms: number) {
      shiftMs += ms;
    },
  };
}

/** A small client of the membership, order and payment calls, so tests read like what a member does. */
export function membershipClient(t: TestApp) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: {
      body?: unknown;
      auth?: Record<string, string>;
      headers?: Record<string, string>;
      raw?: string | Buffer;
      /** A path outside /api/v1 (the sandbox checkout page). */
      root?: boolean;
    } = {},
  ): Promise<Answer> {
    const response = await t.server.inject({
      method,
      url: options.root ? path : `${API_BASE}${path}`,
      headers: { ...options.auth, ...options.headers },
      ...(options.raw !== undefined
        ? { payload: options.raw }
        : options.body === undefined
          ? {}
          : { payload: options.body as Record<string, unknown> }),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = null;
    }
    return { status: response.statusCode, body, text: response.body, headers: response.headers };
  }

  function refused(answer: Answer, status: number, code: ErrorCode): Record<string, unknown> {
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: { success: false, code } });
    return (errorEnvelopeSchema.parse(answer.body).details ?? {}) as Record<string, unknown>;
  }

  async function plans(locale = 'en-US'): Promise<Plan[]> {
    const answer = await call('GET', apiPaths.plans(), { headers: { 'accept-language': locale } });
    expect(answer.status, answer.text).toBe(200);
    return planListResponseSchema.parse(answer.body).data.items;
  }

  async function plan(code: PlanCode): Promise<Plan> {
    const found = (await plans()).find((item) => item.code === code);
    if (!found) throw new Error(`no ${code} plan`);
    return found;
  }

  async function createOrder(auth: Record<string, string>, body: { planId: number; channel: 'alipay' | 'wechat' }) {
    const answer = await call('POST', apiPaths.orders(), { auth, body });
    expect(answer.status, answer.text).toBe(200);
    return createOrderResponseSchema.parse(answer.body).data;
  }

  async function order(auth: Record<string, string>, id: number): Promise<OrderDetail> {
    const answer = await call('GET', apiPaths.order(id), { auth });
    expect(answer.status, answer.text).toBe(200);
    return orderDetailResponseSchema.parse(answer.body).data;
  }

  /** The sandbox checkout page's Pay or Fail button. */
  async function checkout(orderNo: string, result: 'success' | 'fail'): Promise<Answer> {
    return call('POST', apiPaths.sandboxCheckout(orderNo), { body: { result } });
  }

  async function vipExpiry(userId: number): Promise<Date | null> {
    const row = await t.database.db.selectFrom('users').select('vip_expire_time').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.vip_expire_time;
  }

  async function notifications(orderNo: string) {
    return t.database.db
      .selectFrom('payment_notifications')
      .selectAll()
      .where('order_no', '=', orderNo)
      .orderBy('id')
      .execute();
  }

  return { call, refused, plans, plan, createOrder, order, checkout, vipExpiry, notifications };
}

/** The ids of the week and month plans, read before the file's tests once its app runs. */
export function usePlanIds(api: ReturnType<typeof membershipClient>): { week: number; month: number } {
  const ids = { week: 0, month: 0 };
  beforeAll(async () => {
    ids.week = (await api.plan('week')).id;
    ids.month = (await api.plan('month')).id;
  });
  return ids;
}
