import { apiPaths, type MemberSettingsPatch, type memberSettingsResponseSchema } from '@drama/contracts';
import { api } from '../api/api';
import { unchecked } from '../api/api-client';
import { getSession, isLoggedIn, subscribeSession } from '../session/session-store';
import {
  readMemberSettings,
  setUserSetting,
  userSetting,
  writeUserSettings,
  type UserSettingPath,
} from './user-settings';

/*
 * A signed-in member's switches follow the member (issue 25): the server keeps them, the device
 * keeps a copy under `user_settings` that every reader uses.
 *
 * - On every start with a session and at every sign-in, the server's switches replace the
 *   device's: the server wins, so a change on one phone shows on the next start of another.
 * - A guest's switches at sign-in: the server wins here too. What a guest set on a shared or new
 *   phone says nothing about what the member chose on their own devices, and merging would let
 *   a stranger's "off" turn the member's history off everywhere. A member who never changed a
 *   switch has them all on on the server, so the device shows all on after signing in.
 * - Signing out leaves the last member's switches on the device as the guest's; they are the
 *   choices of whoever holds the phone, and a guest's are only ever local.
 * - Flipping a switch changes the device at once and sends that one switch (a partial PATCH, so
 *   two devices flipping different switches both keep their change); a failure puts it back.
 */

/** Local changes so far: a fetch that began before one must not undo it. */
let changes = 0;
/** Switch changes on their way to the server: until they land, its answer may be older than the device. */
let inFlight = 0;
/** The latest change of each switch, so a failed earlier one does not roll back a later one. */
const latest = new Map<string, number>();

const pathKey = ([group, key]: UserSettingPath) => `${group}.${key}`;

function patchOf([group, key]: UserSettingPath, value: boolean): MemberSettingsPatch {
  return group === 'notifications' ? { notifications: { [key]: value } } : { privacy: { [key]: value } };
}

/**
 * Copies the member's switches from the server to the device. Never rejects: on failure the
 * device keeps what it had (the last start's copy), which is the best guess there is.
 */
export async function pullMemberSettings(): Promise<void> {
  if (!isLoggedIn()) return;
  const token = getSession().token;
  const changesBefore = changes;
  let data: unknown;
  try {
    // Typed, not parsed with zod: this runs on every start, and zod stays out of the first
    // page (shared/api/api-client.ts, `unchecked`); readMemberSettings checks it by hand.
    data = await api.get(apiPaths.userSettings(), { schema: unchecked<typeof memberSettingsResponseSchema>() });
  } catch (error) {
    console.warn('[user-settings] fetching the member’s switches failed; the device’s copy stays', error);
    return;
  }
  const settings = readMemberSettings(data);
  if (!settings) {
    console.warn('[user-settings] the member’s switches came back in an unexpected shape; ignored');
    return;
  }
  // Another member signed in meanwhile, or this one flipped a switch: the answer is stale.
  if (getSession().token !== token || changes !== changesBefore || inFlight > 0) return;
  writeUserSettings(settings);
}

/**
 * Flips one switch: on the device at once; for a member, also on the server. Rejects with the
 * call's error after putting the switch back, for the caller to tell the viewer.
 */
export async function changeUserSetting(path: UserSettingPath, value: boolean): Promise<void> {
  const before = userSetting(path);
  const id = ++changes;
  latest.set(pathKey(path), id);
  setUserSetting(path, value);
  if (!isLoggedIn()) return;
  const token = getSession().token;
  inFlight += 1;
  try {
    await api.patch(apiPaths.userSettings(), {
      schema: unchecked<typeof memberSettingsResponseSchema>(),
      body: patchOf(path, value),
      retry: true, // setting a switch to a value is safe to repeat
    });
  } catch (error) {
    // Put it back unless a later flip of the same switch, or another member, has taken over.
    if (latest.get(pathKey(path)) === id && getSession().token === token) setUserSetting(path, before);
    throw error;
  } finally {
    inFlight -= 1;
  }
}

let started = false;

/**
 * Pulls the member's switches now if there is a session, and again at every sign-in (a new
 * token). Called once at start-up, after the session is initialised.
 */
export function startMemberSettingsSync(): void {
  if (started) return;
  started = true;
  let token = getSession().token;
  void pullMemberSettings();
  subscribeSession(() => {
    const next = getSession().token;
    if (next === token) return;
    token = next;
    if (next) void pullMemberSettings();
  });
}
