import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { STORAGE_KEYS } from '@drama/contracts';
import { readString, removeKey, writeJson } from '../storage/local-storage';

/**
 * The member's own switches, kept on the device under `user_settings` (spec section 3) in
 * exactly the spec's shape. Every switch is on unless turned off.
 */
export const userSettingsSchema = z.object({
  notifications: z.object({ updates: z.boolean(), messages: z.boolean() }),
  privacy: z.object({ history: z.boolean(), recommendations: z.boolean() }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: { updates: true, messages: true },
  privacy: { history: true, recommendations: true },
};

// Missing switches (an older version stored fewer) take their default; a value of the wrong
// type anywhere means the whole thing is not ours, and the defaults apply.
const storedSchema = z.object({
  notifications: z.object({ updates: z.boolean().optional(), messages: z.boolean().optional() }).optional(),
  privacy: z.object({ history: z.boolean().optional(), recommendations: z.boolean().optional() }).optional(),
});

/** Reads a stored value; anything that is not JSON of the right shape gives the defaults. */
export function parseUserSettings(raw: string | null): { settings: UserSettings; valid: boolean } {
  if (raw === null) return { settings: DEFAULT_USER_SETTINGS, valid: true };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { settings: DEFAULT_USER_SETTINGS, valid: false };
  }
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return { settings: DEFAULT_USER_SETTINGS, valid: false };
  const { notifications = {}, privacy = {} } = parsed.data;
  const defaults = DEFAULT_USER_SETTINGS;
  return {
    settings: {
      notifications: {
        updates: notifications.updates ?? defaults.notifications.updates,
        messages: notifications.messages ?? defaults.notifications.messages,
      },
      privacy: {
        history: privacy.history ?? defaults.privacy.history,
        recommendations: privacy.recommendations ?? defaults.privacy.recommendations,
      },
    },
    valid: true,
  };
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

export function setUserSetting([group, key]: UserSettingPath, value: boolean): UserSettings {
  const current = readUserSettings();
  const next: UserSettings = { ...current, [group]: { ...current[group], [key]: value } };
  writeJson(STORAGE_KEYS.userSettings, next);
  cached = next;
  cachedRaw = JSON.stringify(next);
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
