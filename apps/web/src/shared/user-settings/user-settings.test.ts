import { STORAGE_KEYS } from '@drama/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS, parseUserSettings, readMemberSettings, readUserSettings, setUserSetting } from './user-settings';

class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

describe('user settings (spec section 3, key user_settings)', () => {
  it('are all on by default', () => {
    expect(parseUserSettings(null)).toEqual({
      valid: true,
      settings: {
        notifications: { updates: true, messages: true },
        privacy: { history: true, recommendations: true },
      },
    });
  });

  it('read a stored value of the spec shape', () => {
    const stored = { notifications: { updates: false, messages: true }, privacy: { history: true, recommendations: false } };
    expect(parseUserSettings(JSON.stringify(stored))).toEqual({ valid: true, settings: stored });
  });

  it('fill switches an older version did not store', () => {
    expect(parseUserSettings('{"privacy":{"history":false}}').settings).toEqual({
      notifications: { updates: true, messages: true },
      privacy: { history: false, recommendations: true },
    });
  });

  it.each(['not json', '[]', '42', '"on"', '{"notifications":{"updates":"yes"}}', '{"privacy":null}'])(
    'fall back to the defaults for %j',
    (raw) => {
      expect(parseUserSettings(raw)).toEqual({ valid: false, settings: DEFAULT_USER_SETTINGS });
    },
  );

  it('take the server’s answer only with all four switches, each a boolean', () => {
    const settings = { notifications: { updates: false, messages: true }, privacy: { history: false, recommendations: true } };
    expect(readMemberSettings(settings)).toEqual(settings);
    expect(readMemberSettings({ ...settings, extra: 1 })).toEqual(settings);
    for (const bad of [null, [], {}, { notifications: { updates: true }, privacy: settings.privacy }, { ...settings, privacy: { history: 0, recommendations: true } }]) {
      expect(readMemberSettings(bad)).toBeNull();
    }
  });

  describe('in local storage', () => {
    let storage: MemoryStorage;
    beforeEach(() => {
      storage = new MemoryStorage();
      vi.stubGlobal('window', { localStorage: storage, addEventListener: () => {}, removeEventListener: () => {} });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('are written under user_settings in exactly the spec shape', () => {
      setUserSetting(['notifications', 'messages'], false);
      expect(JSON.parse(storage.getItem(STORAGE_KEYS.userSettings) ?? 'null')).toEqual({
        notifications: { updates: true, messages: false },
        privacy: { history: true, recommendations: true },
      });
      expect(readUserSettings().notifications.messages).toBe(false);
    });

    it('remove a stored value of the wrong shape and use the defaults', () => {
      storage.setItem(STORAGE_KEYS.userSettings, '{"notifications":"off"}');
      expect(readUserSettings()).toEqual(DEFAULT_USER_SETTINGS);
      expect(storage.getItem(STORAGE_KEYS.userSettings)).toBeNull();
    });
  });
});
