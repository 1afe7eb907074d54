import { LIMITS } from '@drama/contracts';
import { isApiError } from '../../../shared/api/api-client';

/*
 * The catalogue grids retry at the query level instead of inside the API client, so that the
 * screen knows which attempt is running and can say so (spec section 8: "loading retries with
 * a retry message carrying an attempt number"). Same budget as the client: 2 retries, 300 ms
 * doubling (spec section 9).
 */

/** Worth another try: no answer at all, a server fault, or a short rate limit. */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === 'INVALID_RESPONSE') return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** `failureCount` is how many attempts have failed so far (0 on the first failure). */
export function shouldRetryLoad(failureCount: number, error: unknown): boolean {
  return failureCount < LIMITS.apiRetries && isTransientFailure(error);
}

export function loadRetryDelay(failureCount: number): number {
  return LIMITS.apiRetryDelayMs * 2 ** failureCount;
}

/** The attempt now running after `failureCount` failures, or null when nothing has failed. */
export function retryAttempt(failureCount: number, isFetching: boolean): number | null {
  return isFetching && failureCount > 0 ? failureCount + 1 : null;
}
