// No zod here, as in ../errors.ts: the console's first page needs the codes, not the schemas.

/**
 * Error codes of the operators' console calls (`/api/v1/console/...`). Kept apart from the
 * viewers' codes so that the viewers' app translates only what it can meet; the console
 * translates both lists.
 */
export const CONSOLE_ERROR_CODES = [
  /** No console session, or it ended (idle, signed out, operator disabled). */
  'OPERATOR_UNAUTHENTICATED',
  /** Signed in, but the operator's role may not make this call. */
  'OPERATOR_FORBIDDEN',
  /** A cookie-authenticated change without the X-CSRF-Token header matching the session. */
  'CSRF_INVALID',
  /** Wrong username or password; details.attemptsRemaining when known. */
  'OPERATOR_CREDENTIALS_INVALID',
  /** Too many wrong tries; details.retryAfter seconds. */
  'OPERATOR_LOCKED',
  'OPERATOR_DISABLED',
  /** A two-factor code that is wrong, expired or already used. */
  'TOTP_INVALID',
  /** The session may only set up two-factor sign-in until it is done (required by the owner). */
  'TOTP_SETUP_REQUIRED',
  'TOTP_NOT_ENABLED',
  /** A set-up link that is unknown, used or expired. */
  'SETUP_LINK_INVALID',
  'OPERATOR_NOT_FOUND',
  'OPERATOR_USERNAME_TAKEN',
  /** The last active owner cannot be disabled or given another role. */
  'LAST_OWNER',
  'API_TOKEN_NOT_FOUND',
  /** An operator may hand a token only their own role (owners any role). */
  'API_TOKEN_ROLE_TOO_HIGH',
  'CONSOLE_WRONG_PASSWORD',
  /** The bootstrap ADMIN_TOKEN only makes operators and their tokens; other admin calls need an operator's API token. */
  'BOOTSTRAP_TOKEN_LIMITED',
  // Members (console/members.ts).
  /** An idempotency key already used for a different change of a member. */
  'MEMBER_CHANGE_KEY_REUSED',
  /** A VIP deduction that would end before now; details { maxDays, vipExpireTime }. */
  'VIP_DEDUCTION_TOO_LARGE',
  // Catalogue (console/catalogue.ts).
  'CATEGORY_NOT_FOUND',
  'TAG_NOT_FOUND',
  /** A category or tag that dramas still use; details.dramaCount. */
  'CATEGORY_IN_USE',
  'TAG_IN_USE',
  /** Another drama, category or tag has this slug. */
  'SLUG_TAKEN',
  /** Publishing, scheduling or unlisting a drama that has no cover yet. */
  'COVER_REQUIRED',
  /** The upload is not a JPEG, PNG or WebP image (by its content); details.accepted. */
  'COVER_NOT_IMAGE',
  /** The image or the crop is smaller than a cover needs; details { minWidth, minHeight }. */
  'COVER_TOO_SMALL',
  /** The crop rectangle reaches outside the image; details { width, height } of the image. */
  'COVER_CROP_INVALID',
  /** A scheduled publication time that is not in the future. */
  'SCHEDULE_IN_PAST',
  /** A new order of categories that does not name each category exactly once. */
  'CATEGORY_ORDER_INVALID',
  // Orders and refunds (console/orders.ts).
  /** Only a paid order can be refunded. */
  'REFUND_NOT_ALLOWED',
  /** The refund would give back more than was paid and not yet refunded; details.refundableFen. */
  'REFUND_EXCEEDS_PAID',
  /** This refund number was used for another order or amount. */
  'REFUND_NO_CONFLICT',
  /** The channel refused the refund; details.channelCode and the channel's words. */
  'REFUND_CHANNEL_REFUSED',
  /** The channel could not be reached or its answer could not be trusted; retry with the same refund number. */
  'PAYMENT_CHANNEL_ERROR',
  // Feedback inbox (console/feedback.ts).
  /** An assignee who is not an active operator of role support or owner. */
  'FEEDBACK_ASSIGNEE_INVALID',
  // Redeem campaigns (console/campaigns.ts).
  'CAMPAIGN_NOT_FOUND',
  /** The campaign was revoked already. */
  'CAMPAIGN_REVOKED',
  /** An expiry that is not in the future. */
  'CAMPAIGN_EXPIRY_IN_PAST',
  // Reconciliation (console/reconciliation.ts).
  /** No result for this day yet: run it. */
  'RECONCILIATION_NOT_FOUND',
  /** A day that has not begun in APP_TIMEZONE. */
  'RECONCILIATION_DAY_IN_FUTURE',
] as const;

export type ConsoleErrorCode = (typeof CONSOLE_ERROR_CODES)[number];

export const CONSOLE_ERROR_STATUS: Record<ConsoleErrorCode, number> = {
  OPERATOR_UNAUTHENTICATED: 401,
  OPERATOR_FORBIDDEN: 403,
  CSRF_INVALID: 403,
  OPERATOR_CREDENTIALS_INVALID: 401,
  OPERATOR_LOCKED: 429,
  OPERATOR_DISABLED: 403,
  TOTP_INVALID: 401,
  TOTP_SETUP_REQUIRED: 403,
  TOTP_NOT_ENABLED: 409,
  SETUP_LINK_INVALID: 410,
  OPERATOR_NOT_FOUND: 404,
  OPERATOR_USERNAME_TAKEN: 409,
  LAST_OWNER: 409,
  API_TOKEN_NOT_FOUND: 404,
  API_TOKEN_ROLE_TOO_HIGH: 403,
  CONSOLE_WRONG_PASSWORD: 400,
  BOOTSTRAP_TOKEN_LIMITED: 403,
  MEMBER_CHANGE_KEY_REUSED: 409,
  VIP_DEDUCTION_TOO_LARGE: 422,
  CATEGORY_NOT_FOUND: 404,
  TAG_NOT_FOUND: 404,
  CATEGORY_IN_USE: 409,
  TAG_IN_USE: 409,
  SLUG_TAKEN: 409,
  COVER_REQUIRED: 409,
  COVER_NOT_IMAGE: 415,
  COVER_TOO_SMALL: 422,
  COVER_CROP_INVALID: 400,
  SCHEDULE_IN_PAST: 400,
  CATEGORY_ORDER_INVALID: 400,
  REFUND_NOT_ALLOWED: 409,
  REFUND_EXCEEDS_PAID: 422,
  REFUND_NO_CONFLICT: 409,
  REFUND_CHANNEL_REFUSED: 409,
  PAYMENT_CHANNEL_ERROR: 502,
  FEEDBACK_ASSIGNEE_INVALID: 400,
  CAMPAIGN_NOT_FOUND: 404,
  CAMPAIGN_REVOKED: 409,
  CAMPAIGN_EXPIRY_IN_PAST: 400,
  RECONCILIATION_NOT_FOUND: 404,
  RECONCILIATION_DAY_IN_FUTURE: 400,
};
