import {
  consoleMeResponseSchema,
  consoleSignInResponseSchema,
  okEmptyResponseSchema,
  setupLinkInfoResponseSchema,
  totpSetupResponseSchema,
  type ConsoleSignInBody,
} from '@drama/contracts';
import { api } from '../../shared/api/console-api';

export function signIn(body: ConsoleSignInBody) {
  return api('/auth/sign-in', { method: 'POST', body, schema: consoleSignInResponseSchema });
}

export function signOut() {
  return api('/auth/sign-out', { method: 'POST', schema: okEmptyResponseSchema });
}

export function startTotpSetup() {
  return api('/auth/totp/setup', { method: 'POST', schema: totpSetupResponseSchema });
}

export function confirmTotp(code: string) {
  return api('/auth/totp/confirm', { method: 'POST', body: { code }, schema: consoleMeResponseSchema });
}

export function disableTotp(code: string) {
  return api('/auth/totp/disable', { method: 'POST', body: { code }, schema: okEmptyResponseSchema });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return api('/auth/password', { method: 'POST', body, schema: okEmptyResponseSchema });
}

export function setupLinkInfo(token: string, signal?: AbortSignal) {
  return api(`/auth/setup/${encodeURIComponent(token)}`, { schema: setupLinkInfoResponseSchema, ...(signal ? { signal } : {}) });
}

export function choosePassword(body: { token: string; password: string }) {
  return api('/auth/setup', { method: 'POST', body, schema: okEmptyResponseSchema });
}

export function fetchMe(signal?: AbortSignal) {
  return api('/auth/me', { schema: consoleMeResponseSchema, ...(signal ? { signal } : {}) });
}
