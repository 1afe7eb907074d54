import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type UserInfo } from '@drama/contracts';
import { readJson, readString, removeKey, writeJson, writeString } from '../storage/local-storage';

/**
 * The user info of spec section 3, plus the member's nickname once the profile call has told
 * it: a profile opened offline then shows the name the member chose, not the login name.
 */
export type KeptUser = UserInfo & { nickname?: string | null };

export interface SessionState {
  token: string | null;
  user: KeptUser | null;
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
 * contracts' userInfoSchema (with the kept nickname), checked by hand: every start reads it, and zod is kept out of the
 * first page's JavaScript (shared/api/api-client.ts, `unchecked`). Unknown keys are dropped.
 */
export function readUserInfo(value: unknown): KeptUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, avatar, email, points, vipLevel, vipExpireTime, status, nickname } = value as Record<string, unknown>;
  if (!isInt(id) || typeof username !== 'string' || !isTextOrNull(avatar) || !isTextOrNull(email)) return null;
  if (typeof points !== 'number' || !Number.isFinite(points) || !isInt(vipLevel) || !isTextOrNull(vipExpireTime)) return null;
  if (!isInt(status) || (nickname !== undefined && !isTextOrNull(nickname))) return null;
  const user: KeptUser = { id, username, avatar, email, points, vipLevel, vipExpireTime, status };
  return nickname === undefined ? user : { ...user, nickname };
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

export function updateUserInfo(user: KeptUser): void {
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
