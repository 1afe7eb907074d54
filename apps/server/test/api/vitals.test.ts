import { API_BASE, apiPaths, vitalsResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { VITALS_PER_MINUTE } from '../../src/modules/vitals/routes.js';
import { deviceClass } from '../../src/modules/vitals/service.js';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app.js';

const t = useTestApp();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
let nextAddress = 1;
/** Each test reports from its own address, so that the per-address limit of one does not touch another. */
const address = () => `10.0.0.${nextAddress++}`;

function metric(overrides: Record<string, unknown> = {}) {
  return { name: 'LCP', value: 1234.5, rating: 'good', id: 'v5-1700000000000-1', path: '/player/12', ...overrides };
}

async function report(app: TestApp, payload: unknown, options: { contentType?: string; ip?: string; ua?: string } = {}) {
  const response = await app.server.inject({
    method: 'POST',
    url: `${API_BASE}${apiPaths.vitals()}`,
    remoteAddress: options.ip ?? address(),
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(options.ua ? { 'user-agent': options.ua } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function rowsFor(app: TestApp, path: string) {
  return app.database.db.selectFrom('web_vitals').selectAll().where('path', '=', path).orderBy('id').execute();
}

describe('POST /client/vitals', () => {
  it('stores each metric of a guest’s report, with a coarse device class and the path without its query', async () => {
    const answer = await report(
      t,
      {
        metrics: [
          metric({ path: '/explore?from=share' }),
          metric({ name: 'CLS', value: 0.02, rating: 'good', id: 'v5-2', path: '/explore', navigationType: 'navigate' }),
        ],
      },
      { ua: IPHONE },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(vitalsResponseSchema.parse(answer.body).data).toEqual({ accepted: 2 });
    const rows = await rowsFor(t, '/explore');
    expect(rows).toMatchObject([
      { name: 'LCP', value: 1234.5, rating: 'good', device: 'mobile', navigation_type: null },
      { name: 'CLS', value: 0.02, rating: 'good', device: 'mobile', navigation_type: 'navigate' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('iPhone');
  });

  it('takes the JSON that navigator.sendBeacon sends as text/plain', async () => {
    const answer = await report(t, { metrics: [metric({ name: 'INP', value: 80, path: '/beacon' })] }, {
      contentType: 'text/plain;charset=UTF-8',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await rowsFor(t, '/beacon')).toHaveLength(1);
  });

  it('validates the report: names, values, ratings, sizes and the body itself', async () => {
    const bad: unknown[] = [
      { metrics: [] },
      { metrics: [metric({ name: 'FID' })] },
      { metrics: [metric({ value: -1 })] },
      { metrics: [metric({ value: 'fast' })] },
      { metrics: [metric({ rating: 'great' })] },
      { metrics: [metric({ path: '' })] },
      { metrics: [metric({ path: `/${'x'.repeat(300)}` })] },
      { metrics: Array.from({ length: 21 }, (_, index) => metric({ id: `m${index}` })) },
      {},
    ];
    for (const payload of bad) {
      const answer = await report(t, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const notJson = await report(t, '{"metrics": [', { contentType: 'text/plain' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ success: false });
    const form = await report(t, 'metrics=1', { contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const huge = await report(t, { metrics: [metric({ id: 'x'.repeat(20_000) })] });
    expect(huge.status).toBe(413);
  });

  it('reads text/plain as JSON on this route only', async () => {
    const response = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.feedback()}`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ type: 'general', content: 'sent as text' }),
    });
    // Left a string, the body fails validation; read as JSON it would have reached the sign-in check (401).
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('limits reports per address and minute', async () => {
    const ip = address();
    for (let index = 0; index < VITALS_PER_MINUTE; index += 1) {
      expect((await report(t, { metrics: [metric({ path: '/limit' })] }, { ip })).status).toBe(200);
    }
    const refused = await report(t, { metrics: [metric({ path: '/limit' })] }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect((refused.body.details as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect((await report(t, { metrics: [metric({ path: '/limit' })] })).status).toBe(200);
  });

  it('with VITALS_ENABLED=false accepts reports and drops them', async () => {
    const off = await createTestApp({ VITALS_ENABLED: 'false' });
    try {
      const answer = await report(off, { metrics: [metric({ path: '/dropped' })] });
      expect(answer.status).toBe(200);
      expect(vitalsResponseSchema.parse(answer.body).data).toEqual({ accepted: 0 });
      expect(await rowsFor(off, '/dropped')).toEqual([]);
      // Still validated, so a broken client shows up in its own logs.
      expect((await report(off, { metrics: [] })).status).toBe(400);
    } finally {
      await off.close();
    }
  });
});

describe('the device class', () => {
  it.each([
    [IPHONE, 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'bot'],
    [undefined, 'unknown'],
  ])('%s is %s', (userAgent, expected) => {
    expect(deviceClass(userAgent)).toBe(expected);
  });
});
