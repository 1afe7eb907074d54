import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-client';

interface ErrorDetails {
  retryAfter?: number;
  minutes?: number;
  remainingToday?: number;
}

function readDetails(details: unknown): ErrorDetails {
  if (typeof details !== 'object' || details === null) return {};
  const record = details as Record<string, unknown>;
  const number = (key: string) => (typeof record[key] === 'number' ? record[key] : undefined);
  return { retryAfter: number('retryAfter'), minutes: number('minutes'), remainingToday: number('remainingToday') };
}

/** A lock is told in whole minutes, never "0 minutes"; short waits are left to the code's text. */
function minutesToWait({ minutes, retryAfter }: ErrorDetails): number | null {
  if (minutes !== undefined && minutes > 0) return Math.ceil(minutes);
  if (retryAfter !== undefined && retryAfter >= 60) return Math.ceil(retryAfter / 60);
  return null;
}

/**
 * Turns any failure into a sentence in the user's language. Only the code and the numbers in
 * `details` are trusted: server prose is English and meant for logs (DESIGN.md section 3).
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const details = readDetails(error.details);
    const minutes = minutesToWait(details);
    if ((error.code === 'ACCOUNT_LOCKED' || error.code === 'RATE_LIMITED') && minutes !== null) {
      return t('common.waitMinutes', { count: minutes, minutes });
    }
    const text = t(`errors.codes.${error.code}`);
    if (error.code === 'CODE_COOLDOWN' && details.remainingToday !== undefined) {
      return t('errors.withDetail', {
        message: text,
        detail: t('common.attemptsRemaining', { times: details.remainingToday }),
      });
    }
    return text;
  }
  if (error instanceof TypeError) return t('common.networkError');
  return t('common.unknownError');
}
