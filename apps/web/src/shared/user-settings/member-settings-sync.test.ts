import { STORAGE_KEYS, apiPaths } from '@drama/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
const patch = vi.fn();
let session: { token: string | null; user: object | null } = { token: 'member-token', user: { id: 7 } };
const sessionListeners = new Set<() => void>();

vi.mock('../api/api', () => ({
  api: { get: (...args: unknown[]) => get(...args), patch: (...args: unknown[]) => patch(...args) },
}));
vi.mock('../session/session-store', () => ({
  getSession: () => session,
  isLoggedIn: () => Boolean(session.token && session.user),
  subscribeSession: (listener: () => void) => {
    sessionListeners.add(listener);
    return () => sessionListeners.delete(listener);
  },
}));

const { changeUserSetting, pullMemberSettings, startMemberSettingsSync } = await import('./member-settings-sync');
const { readUserSettings, setUserSetting, DEFAULT_USER_SETTINGS } = await import('./user-settings');

let storage: Map<string, string>;

function installStorage(): Map<string, string> {
  const data = new Map<string, string>();
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (key: string) => data.get(key) ?? null,
        setItem: (key: string, value: string) => void data.set(key, String(value)),
        removeItem: (key: string) => void data.delete(key),
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  return data;
}

function signAs(token: string | null) {
  session = token ? { token, user: { id: 7 } } : { token: null, user: null };
  for (const listener of sessionListeners) listener();
}

/** A promise the test settles by hand, to put events in between a call and its answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const historyOff = { notifications: { updates: true, messages: true }, privacy: { history: false, recommendations: true } };

beforeEach(() => {
  storage = installStorage();
  get.mockReset();
  patch.mockReset();
  session = { token: 'member-token', user: { id: 7 } };
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('a member’s switches on start', () => {
  it('come from the server and replace the device’s (server wins), in the spec’s local shape', async () => {
    setUserSetting(['notifications', 'updates'], false); // set on this device, e.g. as a guest
    get.mockResolvedValue(historyOff);
    await pullMemberSettings();
    expect(get).toHaveBeenCalledWith(apiPaths.userSettings(), expect.anything());
    expect(readUserSettings()).toEqual(historyOff);
    expect(JSON.parse(storage.get(STORAGE_KEYS.userSettings) ?? 'null')).toEqual(historyOff);
  });

  it('leave no key on the device for a member who never changed one', async () => {
    get.mockResolvedValue(DEFAULT_USER_SETTINGS);
    await pullMemberSettings();
    expect(storage.has(STORAGE_KEYS.userSettings)).toBe(false);
  });

  it('are not asked for without a session: a guest’s live on the device only', async () => {
    signAs(null);
    await pullMemberSettings();
    expect(get).not.toHaveBeenCalled();
  });

  it('keep the device’s copy when the call fails or answers in another shape', async () => {
    setUserSetting(['privacy', 'recommendations'], false);
    const before = readUserSettings();
    get.mockRejectedValueOnce(new Error('offline'));
    await expect(pullMemberSettings()).resolves.toBeUndefined();
    get.mockResolvedValueOnce({ notifications: { updates: true }, privacy: { history: 'no', recommendations: true } });
    await pullMemberSettings();
    expect(readUserSettings()).toEqual(before);
  });

  it('do not undo a switch flipped while the answer was on its way', async () => {
    const answer = deferred<unknown>();
    get.mockReturnValue(answer.promise);
    patch.mockResolvedValue(DEFAULT_USER_SETTINGS);
    const pulling = pullMemberSettings();
    await changeUserSetting(['privacy', 'history'], false);
    answer.resolve(DEFAULT_USER_SETTINGS); // read before the flip reached the server
    await pulling;
    expect(readUserSettings().privacy.history).toBe(false);
  });

  it('are dropped when another member signed in meanwhile', async () => {
    const answer = deferred<unknown>();
    get.mockReturnValue(answer.promise);
    const pulling = pullMemberSettings();
    session = { token: 'someone-else', user: { id: 8 } };
    answer.resolve(historyOff);
    await pulling;
    expect(readUserSettings()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('are pulled once at start with a session, again at each sign-in, and not at sign-out', async () => {
    get.mockResolvedValue(historyOff);
    startMemberSettingsSync();
    startMemberSettingsSync(); // a second start-up call changes nothing
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    signAs(null);
    expect(get).toHaveBeenCalledTimes(1);
    signAs('new-token');
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(readUserSettings()).toEqual(historyOff));
  });
});

describe('flipping a switch', () => {
  it('changes the device at once and sends only that switch', async () => {
    const answer = deferred<unknown>();
    patch.mockReturnValue(answer.promise);
    const changing = changeUserSetting(['privacy', 'history'], false);
    expect(readUserSettings().privacy.history).toBe(false); // before the server answers
    expect(patch).toHaveBeenCalledWith(apiPaths.userSettings(), expect.objectContaining({ body: { privacy: { history: false } } }));
    answer.resolve(historyOff);
    await changing;
    await changeUserSetting(['notifications', 'messages'], false);
    expect(patch.mock.calls[1]?.[1]).toMatchObject({ body: { notifications: { messages: false } } });
  });

  it('puts the switch back and rejects when the server does not take it', async () => {
    const failure = new Error('offline');
    patch.mockRejectedValue(failure);
    await expect(changeUserSetting(['privacy', 'history'], false)).rejects.toBe(failure);
    expect(readUserSettings().privacy.history).toBe(true);
  });

  it('does not roll back over a later flip of the same switch', async () => {
    const first = deferred<unknown>();
    patch.mockReturnValueOnce(first.promise).mockResolvedValueOnce(DEFAULT_USER_SETTINGS);
    const failing = changeUserSetting(['privacy', 'history'], false);
    await changeUserSetting(['privacy', 'history'], true);
    first.reject(new Error('lost'));
    await expect(failing).rejects.toThrow('lost');
    expect(readUserSettings().privacy.history).toBe(true);
  });

  it('stays on the device for a guest, with no call', async () => {
    signAs(null);
    await changeUserSetting(['notifications', 'updates'], false);
    expect(patch).not.toHaveBeenCalled();
    expect(readUserSettings().notifications.updates).toBe(false);
  });
});
