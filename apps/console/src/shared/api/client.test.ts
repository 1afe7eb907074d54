import { consoleMeResponseSchema } from '@drama/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@drama/contracts';
import { z } from 'zod';
import { ApiError } from './api-error';
import { createApiClient, queryString } from './client';
import { readCookie } from './csrf';

const me = { id: 1, username: 'owner', role: 'owner', totpEnabled: true, totpSetupRequired: false, csrfToken: 'c' };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('the console client', () => {
  it('sends cookies and, on a change, the CSRF cookie as a header', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer(200, { success: true, data: null }));
    const api = createApiClient({ fetch, cookies: () => 'other=1; console_csrf=abc%3D; x=2' });
    await api('/operators/3', { method: 'PATCH', body: { role: 'finance' }, schema: ok(z.null()) });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/console/operators/3');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'X-CSRF-Token': 'abc=', 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"role":"finance"}');
  });

  it('sends no CSRF header on a read, and parses the answer with its schema', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer(200, { success: true, data: me }));
    const api = createApiClient({ fetch, cookies: () => 'console_csrf=abc' });
    await expect(api('/auth/me', { schema: consoleMeResponseSchema })).resolves.toEqual(me);
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('refuses an answer its schema does not describe', async () => {
    const api = createApiClient({ fetch: async () => answer(200, { success: true, data: { id: 'x' } }) });
    await expect(api('/auth/me', { schema: consoleMeResponseSchema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('turns an error envelope into an ApiError and reports a lost session', async () => {
    const onUnauthenticated = vi.fn();
    const api = createApiClient({
      fetch: async () => answer(401, { success: false, code: 'OPERATOR_UNAUTHENTICATED', message: 'no session' }),
      onUnauthenticated,
    });
    const failure = await api('/auth/me', { schema: consoleMeResponseSchema }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'OPERATOR_UNAUTHENTICATED' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('does not report wrong credentials as a lost session', async () => {
    const onUnauthenticated = vi.fn();
    const api = createApiClient({
      fetch: async () => answer(401, { success: false, code: 'OPERATOR_CREDENTIALS_INVALID', message: '', details: { attemptsRemaining: 4 } }),
      onUnauthenticated,
    });
    await expect(api('/auth/sign-in', { method: 'POST', body: {}, schema: consoleMeResponseSchema })).rejects.toMatchObject({
      details: { attemptsRemaining: 4 },
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('names a failure to reach the server', async () => {
    const api = createApiClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api('/auth/me', { schema: consoleMeResponseSchema })).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('helpers', () => {
  it('reads one cookie', () => {
    expect(readCookie('a=1; console_csrf=x%20y', 'console_csrf')).toBe('x y');
    expect(readCookie('a=1', 'console_csrf')).toBeNull();
  });

  it('leaves empty values out of a query', () => {
    expect(queryString({ page: 2, action: '', operatorId: undefined, targetType: 'drama' })).toBe('?page=2&targetType=drama');
    expect(queryString({})).toBe('');
  });
});
