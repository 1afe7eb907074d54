import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type UserInfo } from '@drama/contracts';
import { readJson, readString, removeKey, writeJson, writeString } from '../storage/local-storage';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  initialised: boolean;
}

let state: SessionState = { token: null, user: null, initialised: false };
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * contracts' userInfoSchema, checked by hand: every start reads it, and zod is kept out of the
 * first page's JavaScript (shared/api/api-client.ts, `unchecked`). Unknown keys are dropped.
 */
export function readUserInfo(value: unknown): UserInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, avatar, email, points, vipLevel, vipExpireTime, status } = value as Record<string, unknown>;
  if (!isInt(id) || typeof username !== 'string' || !isTextOrNull(avatar) || !isTextOrNull(email)) return null;
  if (typeof points !== 'number' || !Number.isFinite(points) || !isInt(vipLevel) || !isTextOrNull(vipExpireTime)) return null;
  if (!isInt(status)) return null;
  return { id, username, avatar, email, points, vipLevel, vipExpireTime, status };
}

function readStoredSession(): Pick<SessionState, 'token' | 'user'> {
  const token = readString(STORAGE_KEYS.token) || null;
  const user = readJson(STORAGE_KEYS.userInfo, readUserInfo);
  return { token, user };
}

/** Reads the session from storage once; later calls are no-ops (spec section 4). */
export function initSession(): void {
  if (state.initialised) return;
  setState({ ...readStoredSession(), initialised: true });
  // Another tab signing in or out must not leave this one acting on a stale token.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.userInfo) {
      setState({ ...readStoredSession(), initialised: true });
    }
  });
}

export function getSession(): SessionState {
  return state;
}

/** Logged in only when both halves are present: a token without valid user info is not a session. */
export function isLoggedIn(session: SessionState = state): boolean {
  return Boolean(session.token && session.user);
}

export function setSession(token: string, user: UserInfo): void {
  writeString(STORAGE_KEYS.token, token);
  writeJson(STORAGE_KEYS.userInfo, user);
  setState({ token, user, initialised: true });
}

export function updateUserInfo(user: UserInfo): void {
  writeJson(STORAGE_KEYS.userInfo, user);
  setState({ ...state, user });
}

/** Logout and "clear user data" are the same thing: both remove the token and the user info. */
export function clearUserData(): void {
  removeKey(STORAGE_KEYS.token);
  removeKey(STORAGE_KEYS.userInfo);
  setState({ token: null, user: null, initialised: true });
}

export const logout = clearUserData;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const subscribeSession = subscribe;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
