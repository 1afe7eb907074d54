import type { TFunction } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage, formErrorMessage, readDetails } from '../../../shared/i18n/error-message';

/**
 * Why a code did not go through, in the user's words: invalid, used, expired, too many tries
 * (with how long to wait), offline, or "system error" for anything the server did not explain.
 */
export function redeemErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'RATE_LIMITED') {
    const { retryAfter } = readDetails(error.details);
    if (retryAfter !== undefined && retryAfter > 0 && retryAfter < 60) {
      const seconds = Math.ceil(retryAfter);
      return t('common.waitSeconds', { count: seconds, seconds });
    }
    return errorMessage(t, error);
  }
  return formErrorMessage(t, error, 'redeem.failed');
}

/** Seconds until another try is worth making, when the server said so. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'RATE_LIMITED') return null;
  const { retryAfter } = readDetails(error.details);
  return retryAfter !== undefined && retryAfter > 0 ? Math.ceil(retryAfter) : null;
}
