import type { TFunction } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/i18n/error-message';

// Codes whose own text already says what went wrong with the order; others get the cause added.
const SELF_EXPLAINING = ['PLAN_NOT_FOUND', 'PAYMENT_CHANNEL_UNAVAILABLE', 'PAYMENT_CREATE_FAILED'];

/** "Could not create the order (Network connection error)", or the server's specific reason. */
export function createOrderFailure(t: TFunction, error: unknown): string {
  if (isApiError(error) && SELF_EXPLAINING.includes(error.code)) return errorMessage(t, error);
  return t('errors.withDetail', { message: t('membership.createOrderFailed'), detail: errorMessage(t, error) });
}
