import { apiPaths, DEFAULT_MEMBER_SETTINGS, memberSettingsResponseSchema } from '@drama/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { okData } from '../support/answers.js';
import { memberCalls } from '../support/member-calls.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const { call, refused, member } = memberCalls(t);

describe('a member’s switches kept by the server', () => {
  it('are all on for a member who never changed one, and no row is written for reading them', async () => {
    const { user, auth } = await member();
    expect(okData(await call('GET', apiPaths.userSettings(), auth), memberSettingsResponseSchema)).toEqual(DEFAULT_MEMBER_SETTINGS);
    const rows = await t.database.db.selectFrom('member_settings').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('change only the switches named, so two devices flipping different switches both keep their change', async () => {
    const { auth } = await member();
    await Promise.all([
      call('PATCH', apiPaths.userSettings(), auth, { notifications: { updates: false } }),
      call('PATCH', apiPaths.userSettings(), auth, { privacy: { history: false } }),
    ]);
    const settings = okData(await call('GET', apiPaths.userSettings(), auth), memberSettingsResponseSchema);
    expect(settings).toEqual({ notifications: { updates: false, messages: true }, privacy: { history: false, recommendations: true } });
    const back = okData(await call('PATCH', apiPaths.userSettings(), auth, { notifications: { updates: true } }), memberSettingsResponseSchema);
    expect(back.notifications.updates).toBe(true);
    expect(back.privacy.history).toBe(false);
  });

  it('are the caller’s own: another member’s switches are untouched and a guest is refused', async () => {
    const a = await member();
    const b = await member();
    await call('PATCH', apiPaths.userSettings(), a.auth, { privacy: { recommendations: false } });
    expect(okData(await call('GET', apiPaths.userSettings(), b.auth), memberSettingsResponseSchema)).toEqual(DEFAULT_MEMBER_SETTINGS);
    refused(await call('GET', apiPaths.userSettings()), 401, 'UNAUTHORIZED');
    refused(await call('PATCH', apiPaths.userSettings(), {}, { privacy: { history: false } }), 401, 'UNAUTHORIZED');
  });

  it('refuse a body that names no switch, an unknown switch or a value that is not a boolean', async () => {
    const { auth } = await member();
    for (const body of [
      {},
      { notifications: {} },
      { privacy: { history: 'false' } },
      { privacy: { history: 0 } },
      { notifications: { updates: true, sms: true } },
      { theme: 'dark' },
      [],
      [{ privacy: { history: false } }],
    ]) {
      refused(await call('PATCH', apiPaths.userSettings(), auth, body), 400, 'VALIDATION_FAILED');
    }
    expect(okData(await call('GET', apiPaths.userSettings(), auth), memberSettingsResponseSchema)).toEqual(DEFAULT_MEMBER_SETTINGS);
  });

  it('end as the last change of each switch says, whatever the order of changes', async () => {
    const { auth } = await member();
    const change = fc.record(
      { group: fc.constantFrom('notifications', 'privacy'), on: fc.boolean(), index: fc.constantFrom(0, 1) },
      { requiredKeys: ['group', 'on', 'index'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        const expected = structuredClone(DEFAULT_MEMBER_SETTINGS);
        const current = okData(await call('GET', apiPaths.userSettings(), auth), memberSettingsResponseSchema);
        Object.assign(expected, structuredClone(current));
        for (const { group, on, index } of changes) {
          const key = group === 'notifications' ? (['updates', 'messages'] as const)[index]! : (['history', 'recommendations'] as const)[index]!;
          await call('PATCH', apiPaths.userSettings(), auth, { [group]: { [key]: on } });
          (expected[group] as Record<string, boolean>)[key] = on;
        }
        expect(okData(await call('GET', apiPaths.userSettings(), auth), memberSettingsResponseSchema)).toEqual(expected);
      }),
      { numRuns: 15 },
    );
  });
});
