import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyResponse } from './early-call';

function leaveEarlyCall(call: { url: string; locale: string; signedIn: boolean }): Promise<Response> {
  const response = Promise.resolve(new Response('{}'));
  window.__DRAMA_EARLY_CALL__ = { ...call, response };
  return response;
}

describe('the early call', () => {
  // The unit tests run in Node: a bare window stands in for the page's.
  beforeEach(() => vi.stubGlobal('window', {}));
  afterEach(() => vi.unstubAllGlobals());

  it('is nothing when the early script left none', () => {
    expect(takeEarlyResponse('/api/v1/client/dramas/1', 'en-US', false)).toBeUndefined();
  });

  it('is handed over once, to the same address, language and sign-in state', () => {
    const response = leaveEarlyCall({ url: '/api/v1/client/dramas/1', locale: 'en-US', signedIn: false });
    expect(takeEarlyResponse('/api/v1/client/dramas/1', 'en-US', false)).toBe(response);
    expect(takeEarlyResponse('/api/v1/client/dramas/1', 'en-US', false)).toBeUndefined();
  });

  it.each([
    ['/api/v1/client/dramas/2', 'en-US', false],
    ['/api/v1/client/dramas/1', 'zh-CN', false],
    // A stored token the app did not keep (its user info was gone): the answer was for a member.
    ['/api/v1/client/dramas/1', 'en-US', true],
  ] as const)('is dropped when asked for %s in %s (signed in: %s)', (url, locale, signedIn) => {
    leaveEarlyCall({ url: '/api/v1/client/dramas/1', locale: 'en-US', signedIn: false });
    expect(takeEarlyResponse(url, locale, signedIn)).toBeUndefined();
    expect(window.__DRAMA_EARLY_CALL__).toBeUndefined();
  });
});
