/** Failures that happen before the server could answer with an envelope. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'INVALID_RESPONSE'] as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The server's code (contracts' ERROR_CODES or CONSOLE_ERROR_CODES) or one of CLIENT_ERROR_CODES. */
  readonly code: string;
  readonly details: unknown;

  constructor(init: { status: number; code: string; message: string; details?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The session is gone: the only failure after which the operator must sign in again. */
export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.code === 'OPERATOR_UNAUTHENTICATED';
}

/** A number the server put in an error's details (attemptsRemaining, retryAfter…), if any. */
export function detailNumber(error: unknown, key: string): number | undefined {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return undefined;
  const value = (error.details as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : undefined;
}
