import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { errorMessage, formErrorMessage } from './error-message';
import type { TFunction } from './i18n';
import enUS from './locales/en-US.json';
import { createTranslator } from './translator';

const i18n = { t: createTranslator('en-US', enUS) as TFunction };

const apiError = (code: ApiError['code'], details?: unknown) =>
  new ApiError({ status: 400, code, message: 'English server prose', details });

describe('errorMessage', () => {
  it('translates the code, never the server message', () => {
    expect(errorMessage(i18n.t, apiError('DRAMA_NOT_FOUND'))).toBe('This drama could not be found');
  });

  it('tells a lock in whole minutes', () => {
    expect(errorMessage(i18n.t, apiError('ACCOUNT_LOCKED', { retryAfter: 840, minutes: 14 }))).toBe(
      'Please wait 14 minutes before trying again',
    );
    expect(errorMessage(i18n.t, apiError('RATE_LIMITED', { retryAfter: 61 }))).toBe(
      'Please wait 2 minutes before trying again',
    );
    expect(errorMessage(i18n.t, apiError('RATE_LIMITED', { retryAfter: 5 }))).toBe('Too many requests, please slow down');
  });

  it('tells a code cooldown in seconds and how many codes are left today', () => {
    expect(errorMessage(i18n.t, apiError('CODE_COOLDOWN', { retryAfter: 30, remainingToday: 4 }))).toBe(
      'Please wait 30 seconds before trying again (Attempts remaining today: 4)',
    );
    expect(errorMessage(i18n.t, apiError('CODE_COOLDOWN'))).toBe('Please wait a moment before requesting another code');
  });

  it('says how many guesses are left before the lock', () => {
    expect(errorMessage(i18n.t, apiError('INVALID_CREDENTIALS', { attemptsRemaining: 4 }))).toBe(
      'Invalid username or password (4 attempts remaining)',
    );
    expect(errorMessage(i18n.t, apiError('WRONG_PASSWORD', { attemptsRemaining: 1 }))).toBe(
      'The current password is incorrect (1 attempt remaining)',
    );
    expect(errorMessage(i18n.t, apiError('INVALID_CREDENTIALS'))).toBe('Invalid username or password');
  });

  it('lets a form name what failed when the server did not say', () => {
    expect(formErrorMessage(i18n.t, apiError('INTERNAL_ERROR'), 'auth.resetFailed')).toBe(
      'Password reset failed, please try again',
    );
    expect(formErrorMessage(i18n.t, apiError('CODE_EXPIRED'), 'auth.resetFailed')).toBe(
      'The verification code has expired',
    );
    expect(formErrorMessage(i18n.t, new TypeError('Failed to fetch'), 'auth.resetFailed')).toBe('Network connection error');
  });

  it('falls back for failures that are not API errors', () => {
    expect(errorMessage(i18n.t, new TypeError('Failed to fetch'))).toBe('Network connection error');
    expect(errorMessage(i18n.t, new Error('?'))).toBe('Unknown error');
  });
});
