// No zod here: the web app's first page needs the codes, not the schemas (error-envelope.ts).
import type { ConsoleErrorCode } from './console/errors.js';

/**
 * Stable error codes of the API. The client translates these; it never shows server prose.
 * Later features add their codes here so that both apps agree on one list.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'ACCOUNT_DISABLED',
  'VIP_REQUIRED',
  'NOT_FOUND',
  'DRAMA_NOT_FOUND',
  'EPISODE_NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // Accounts (auth.ts): the numbers the client shows travel in `details`.
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'EMAIL_NOT_REGISTERED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_COOLDOWN',
  'CODE_DAILY_LIMIT',
  'CODE_DESTINATION_LIMIT',
  'CHALLENGE_REQUIRED',
  'MESSAGE_SEND_FAILED',
  'WRONG_PASSWORD',
  'SAME_PASSWORD',
  'USER_NOT_FOUND',
  'ADMIN_TOKEN_INVALID',
  // Membership and payments (membership.ts).
  'PLAN_NOT_FOUND',
  'PAYMENT_CHANNEL_UNAVAILABLE',
  'PAYMENT_CREATE_FAILED',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_PENDING',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_AMOUNT_MISMATCH',
  // Points, tasks, mall and redeem codes (points.ts).
  'TASK_ALREADY_RECEIVED',
  'TASK_NOT_COMPLETED',
  'INSUFFICIENT_POINTS',
  'MALL_ITEM_NOT_FOUND',
  'MALL_ITEM_SOLD_OUT',
  'REDEEM_CODE_INVALID',
  'REDEEM_CODE_USED',
  'REDEEM_CODE_EXPIRED',
  // Feedback and uploads (feedback.ts).
  'FEEDBACK_NOT_FOUND',
  'FEEDBACK_CLOSED',
  'UPLOAD_NOT_FOUND',
  // The notification centre (notices.ts): a notice that is not the member's, or not there.
  'NOTICE_NOT_FOUND',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status that goes with each code, so server and client agree on retry rules. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  VIP_REQUIRED: 403,
  NOT_FOUND: 404,
  DRAMA_NOT_FOUND: 404,
  EPISODE_NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  /** Wrong account or password; details { attemptsRemaining, challengeRequired? }, alike for unknown accounts. */
  INVALID_CREDENTIALS: 401,
  /**
   * Too many wrong passwords for this account from this address; details { retryAfter (seconds),
   * minutes }. Other addresses, the owner's among them, are not locked out.
   */
  ACCOUNT_LOCKED: 429,
  /** Kept for old clients; the server never answers it (an unknown email is answered like a known one). */
  EMAIL_NOT_REGISTERED: 404,
  /** Wrong, used or replaced code; details.attemptsRemaining for a wrong guess at a live code. */
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  /** details { retryAfter, remainingToday } */
  CODE_COOLDOWN: 429,
  /** details { retryAfter (seconds to the next day), remainingToday: 0 } */
  CODE_DAILY_LIMIT: 429,
  /** One account asked for codes to too many new destinations today; details { retryAfter, limit }. */
  CODE_DESTINATION_LIMIT: 429,
  /**
   * The call is near its limit for this address or account: send it again with a solved
   * challenge (GET /client/auth/challenge) in `challenge`. Also for a challenge that is wrong,
   * expired or already used.
   */
  CHALLENGE_REQUIRED: 428,
  /** The mail or SMS provider refused or failed; nothing was sent and nothing counted. */
  MESSAGE_SEND_FAILED: 502,
  /** The current password given to change it is wrong; details.attemptsRemaining. */
  WRONG_PASSWORD: 400,
  SAME_PASSWORD: 400,
  USER_NOT_FOUND: 404,
  ADMIN_TOKEN_INVALID: 401,
  PLAN_NOT_FOUND: 404,
  /** The channel is not offered (not configured). */
  PAYMENT_CHANNEL_UNAVAILABLE: 400,
  /** The channel refused or could not be reached when creating the payment; the order stays unpaid. */
  PAYMENT_CREATE_FAILED: 502,
  ORDER_NOT_FOUND: 404,
  /** Cancel or pay an order that is no longer pending; details.status. */
  ORDER_NOT_PENDING: 409,
  /** A payment notification whose signature does not verify. */
  PAYMENT_SIGNATURE_INVALID: 400,
  /** A payment notification whose amount differs from the order's. */
  PAYMENT_AMOUNT_MISMATCH: 400,
  TASK_ALREADY_RECEIVED: 409,
  TASK_NOT_COMPLETED: 422,
  /** details { current, required } */
  INSUFFICIENT_POINTS: 422,
  MALL_ITEM_NOT_FOUND: 404,
  MALL_ITEM_SOLD_OUT: 409,
  /** No such code (codes are case-sensitive). */
  REDEEM_CODE_INVALID: 404,
  REDEEM_CODE_USED: 409,
  REDEEM_CODE_EXPIRED: 410,
  FEEDBACK_NOT_FOUND: 404,
  /** Replying to feedback that is closed. */
  FEEDBACK_CLOSED: 409,
  /** A screenshot id that is not one of the member's own uploads. */
  UPLOAD_NOT_FOUND: 400,
  NOTICE_NOT_FOUND: 404,
};

/** Any code the server may answer with: the viewers' codes and the console's (console/errors.ts). */
export type ApiErrorCode = ErrorCode | ConsoleErrorCode;
