import type { TFunction } from './i18n';
import { isApiError, type ApiErrorCode } from '../api/api-client';
import type { TranslationKey } from './i18n';

interface ErrorDetails {
  retryAfter?: number;
  minutes?: number;
  remainingToday?: number;
  attemptsRemaining?: number;
}

export function readDetails(details: unknown): ErrorDetails {
  if (typeof details !== 'object' || details === null) return {};
  const record = details as Record<string, unknown>;
  const number = (key: string) => (typeof record[key] === 'number' ? record[key] : undefined);
  return {
    retryAfter: number('retryAfter'),
    minutes: number('minutes'),
    remainingToday: number('remainingToday'),
    attemptsRemaining: number('attemptsRemaining'),
  };
}

/** A lock is told in whole minutes, never "0 minutes"; short waits are left to the code's text. */
function minutesToWait({ minutes, retryAfter }: ErrorDetails): number | null {
  if (minutes !== undefined && minutes > 0) return Math.ceil(minutes);
  if (retryAfter !== undefined && retryAfter >= 60) return Math.ceil(retryAfter / 60);
  return null;
}

// Wrong guesses that count towards a lock say how many are left (DESIGN.md section 4).
const COUNTED_GUESSES: readonly ApiErrorCode[] = ['INVALID_CREDENTIALS', 'WRONG_PASSWORD', 'CODE_INVALID'];

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
    if (error.code === 'CODE_COOLDOWN') {
      const seconds = details.retryAfter;
      const text =
        seconds !== undefined && seconds > 0
          ? t('common.waitSeconds', { count: seconds, seconds })
          : t('errors.codes.CODE_COOLDOWN');
      if (details.remainingToday === undefined) return text;
      return t('errors.withDetail', {
        message: text,
        detail: t('common.attemptsRemaining', { times: details.remainingToday }),
      });
    }
    const text = t(`errors.codes.${error.code}`);
    if (COUNTED_GUESSES.includes(error.code) && details.attemptsRemaining !== undefined) {
      return t('errors.withDetail', {
        message: text,
        detail: t('common.attemptsLeft', { count: details.attemptsRemaining }),
      });
    }
    return text;
  }
  if (error instanceof TypeError) return t('common.networkError');
  return t('common.unknownError');
}

// Codes that only say "something failed": a form names what failed instead ("reset failed").
const VAGUE_CODES: readonly ApiErrorCode[] = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'CONFLICT',
  'NOT_FOUND',
  'INTERNAL_ERROR',
  'INVALID_RESPONSE',
];

/** Like errorMessage, with the form's own words for failures the server did not explain. */
export function formErrorMessage(t: TFunction, error: unknown, fallback: TranslationKey): string {
  if (isApiError(error) && VAGUE_CODES.includes(error.code)) return t(fallback);
  if (!isApiError(error) && !(error instanceof TypeError)) return t(fallback);
  return errorMessage(t, error);
}
