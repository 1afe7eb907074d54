/**
 * Operators' wrong sign-ins are counted where members' are, in the limiter store and per operator
 * and address (modules/operators/sign-in-limits.ts), so that a stranger's wrong passwords lock
 * only the stranger's address out. The table's own count and lock, which a stranger's guesses
 * from anywhere moved, go.
 *
 * totp_last_step stays: a sign-in now spends its code's step with one conditional update, so that
 * one code signs in once however many sign-ins carry it at the same moment.
 */
export const statements = [`alter table operators drop column failed_sign_ins`, `alter table operators drop column locked_until`];
