/* What other console features use of the sign-in: the account page's password and two-factor settings. */
export { changePassword, disableTotp } from './api';
export { NewPasswordFields } from './password-fields';
export { TotpSetup } from './totp-setup';
