import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type MemberSettings } from '@drama/contracts';
import { readString, removeKey, writeJson } from '../storage/local-storage';

/**
 * The member's own switches, kept on the device under `user_settings` (spec section 3) in
 * exactly the spec's shape. Every switch is on unless turned off. A guest's live here only; a
 * signed-in member's are the server's too (contracts' memberSettingsSchema, the same shape) and
 * are copied here on each start (member-settings-sync.ts), so every reader stays synchronous.
 */
export type UserSettings = MemberSettings;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: { updates: true, messages: true },
  privacy: { history: true, recommendations: true },
};

type Group = Record<string, unknown>;
const isGroup = (value: unknown): value is Group => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionalBoolean = (value: unknown) => value === undefined || typeof value === 'boolean';

/**
 * Checked by hand, not with zod: the player and home read the history switch, and zod is kept
 * out of their first load (shared/api/api-client.ts, `unchecked`). Missing switches (an older
 * version stored fewer) take their default; a value of the wrong type anywhere means the whole
 * thing is not ours: null.
 */
function readStored(value: unknown): UserSettings | null {
  if (!isGroup(value)) return null;
  const { notifications = {}, privacy = {} } = value;
  if (!isGroup(notifications) || !isGroup(privacy)) return null;
  const switches = [notifications.updates, notifications.messages, privacy.history, privacy.recommendations];
  if (!switches.every(isOptionalBoolean)) return null;
  const pick = (found: unknown, fallback: boolean) => (typeof found === 'boolean' ? found : fallback);
  const defaults = DEFAULT_USER_SETTINGS;
  return {
    notifications: {
      updates: pick(notifications.updates, defaults.notifications.updates),
      messages: pick(notifications.messages, defaults.notifications.messages),
    },
    privacy: {
      history: pick(privacy.history, defaults.privacy.history),
      recommendations: pick(privacy.recommendations, defaults.privacy.recommendations),
    },
  };
}

/** The server's answer (contracts' memberSettingsSchema): all four switches, each a boolean; else null. */
export function readMemberSettings(value: unknown): UserSettings | null {
  if (!isGroup(value) || !isGroup(value.notifications) || !isGroup(value.privacy)) return null;
  const { notifications, privacy } = value;
  const switches = [notifications.updates, notifications.messages, privacy.history, privacy.recommendations];
  if (!switches.every((found) => typeof found === 'boolean')) return null;
  return readStored(value);
}

/** Reads a stored value; anything that is not JSON of the right shape gives the defaults. */
export function parseUserSettings(raw: string | null): { settings: UserSettings; valid: boolean } {
  if (raw === null) return { settings: DEFAULT_USER_SETTINGS, valid: true };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { settings: DEFAULT_USER_SETTINGS, valid: false };
  }
  const settings = readStored(value);
  return settings ? { settings, valid: true } : { settings: DEFAULT_USER_SETTINGS, valid: false };
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: UserSettings = DEFAULT_USER_SETTINGS;

export function readUserSettings(): UserSettings {
  const raw = readString(STORAGE_KEYS.userSettings);
  if (raw === cachedRaw) return cached;
  const { settings, valid } = parseUserSettings(raw);
  if (!valid) {
    console.warn(`[storage] "${STORAGE_KEYS.userSettings}" has an unexpected shape; defaults apply`);
    removeKey(STORAGE_KEYS.userSettings);
    cachedRaw = null;
  } else {
    cachedRaw = raw;
  }
  cached = settings;
  return settings;
}

export type UserSettingPath =
  | ['notifications', keyof UserSettings['notifications']]
  | ['privacy', keyof UserSettings['privacy']];

/** One switch as it stands on the device. */
export function userSetting([group, key]: UserSettingPath, settings: UserSettings = readUserSettings()): boolean {
  return group === 'notifications' ? settings.notifications[key] : settings.privacy[key];
}

/** Sets one switch on the device only; for a member, changeUserSetting (member-settings-sync.ts) also tells the server. */
export function setUserSetting([group, key]: UserSettingPath, value: boolean): UserSettings {
  const current = readUserSettings();
  return writeUserSettings({ ...current, [group]: { ...current[group], [key]: value } });
}

/**
 * Replaces all four switches on the device (the server's, at a member's start). Switches that
 * already read the same are not written again: a member who never changed one keeps no key.
 */
export function writeUserSettings(next: UserSettings): UserSettings {
  const current = readUserSettings(); // another tab may have written since: compare with that
  const raw = JSON.stringify(next);
  if (raw === JSON.stringify(current)) return current;
  writeJson(STORAGE_KEYS.userSettings, next);
  cached = next;
  cachedRaw = raw;
  for (const listener of listeners) listener();
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.userSettings) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useUserSettings(): UserSettings {
  return useSyncExternalStore(subscribe, readUserSettings, readUserSettings);
}
