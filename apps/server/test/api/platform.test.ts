import { API_BASE, apiPaths, errorEnvelopeSchema, healthResponseSchema, systemSettingsResponseSchema } from '@drama/contracts';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();

describe('health', () => {
  it('reports the database as up', async () => {
    const response = await t.server.inject('/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json()).data).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('says ready only once the in-memory catalogue is loaded, and alive before that', async () => {
    const discovery = t.services.discovery;
    if (!discovery) throw new Error('the tests run with the in-memory catalogue');
    await discovery.fresh();
    const ready = await t.server.inject(`${API_BASE}${apiPaths.ready()}`);
    expect(ready.statusCode).toBe(200);
    expect(healthResponseSchema.parse(ready.json()).data).toMatchObject({ status: 'ok', database: 'up' });
    const loading = vi.spyOn(discovery, 'loaded', 'get').mockReturnValue(false);
    try {
      const notYet = await t.server.inject(`${API_BASE}${apiPaths.ready()}`);
      expect(notYet.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(notYet.json())).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { catalogue: 'loading' } });
      expect((await t.server.inject(`${API_BASE}${apiPaths.health()}`)).statusCode).toBe(200);
    } finally {
      loading.mockRestore();
    }
  });
});

describe('settings', () => {
  it('gives the seeded system settings with the legal placeholders intact', async () => {
    const response = await t.server.inject('/api/v1/client/settings');
    expect(response.statusCode).toBe(200);
    const settings = systemSettingsResponseSchema.parse(response.json()).data;
    expect(settings.siteName).not.toBe('');
    expect(settings.contact).not.toBe('');
    expect(settings.followSystemTheme).toBe(true);
    expect(settings.userAgreement).toContain('{platformName}');
    expect(settings.userAgreement).toContain('{contact}');
    expect(settings.privacyPolicy).toContain('{contact}');
  });
});

describe('error envelope', () => {
  it('answers an unknown API path with 404 NOT_FOUND', async () => {
    const response = await t.server.inject('/api/v1/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.server.inject({
      method: 'POST',
      url: '/api/v1/client/dramas',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorEnvelopeSchema.safeParse(response.json()).success).toBe(true);
  });

  it('never shows a stack trace or SQL in a message', async () => {
    const response = await t.server.inject('/api/v1/client/dramas?category=%27%3B%20drop%20table%20dramas%3B--');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/at .+\.ts:\d+|syntax error|select /i);
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue calls', async () => {
    const response = await t.server.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/client/dramas',
      '/api/v1/client/dramas/featured',
      '/api/v1/client/dramas/{id}',
      '/api/v1/client/dramas/tag/{tag}',
      '/api/v1/client/episodes/drama/{id}',
      '/api/v1/dramas/episodes/{id}',
      '/api/v1/client/episodes/{id}/play',
      '/api/v1/client/settings',
      '/api/v1/client/categories',
      '/api/v1/client/tags',
      '/api/v1/health',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const ui = await t.server.inject('/api/docs');
    expect(ui.statusCode).toBeLessThan(400);
  });
});
