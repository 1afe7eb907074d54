import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-client';
import { isTransientFailure, loadRetryDelay, retryAttempt, shouldRetryLoad } from './load-retry';

const failure = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code'] = 'INTERNAL_ERROR') =>
  new ApiError({ status, code, message: 'x' });

describe('catalogue load retries', () => {
  it('retries network failures, server faults and rate limits, twice', () => {
    for (const error of [failure(0, 'NETWORK_ERROR'), failure(0, 'TIMEOUT'), failure(500), failure(503), failure(429, 'RATE_LIMITED')]) {
      expect(shouldRetryLoad(0, error)).toBe(true);
      expect(shouldRetryLoad(1, error)).toBe(true);
      expect(shouldRetryLoad(2, error)).toBe(false);
    }
  });

  it('does not retry what another try cannot fix', () => {
    expect(isTransientFailure(failure(400, 'VALIDATION_FAILED'))).toBe(false);
    expect(isTransientFailure(failure(404, 'NOT_FOUND'))).toBe(false);
    expect(isTransientFailure(failure(200, 'INVALID_RESPONSE'))).toBe(false);
    expect(isTransientFailure(new Error('boom'))).toBe(false);
  });

  it('waits 300 ms, then twice as long', () => {
    expect(loadRetryDelay(0)).toBe(300);
    expect(loadRetryDelay(1)).toBe(600);
  });

  it('numbers the running attempt only while a retry is under way', () => {
    expect(retryAttempt(0, true)).toBeNull();
    expect(retryAttempt(1, true)).toBe(2);
    expect(retryAttempt(2, true)).toBe(3);
    expect(retryAttempt(3, false)).toBeNull();
  });
});
