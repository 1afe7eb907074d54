import { systemSettingsSchema, userInfoSchema } from '@drama/contracts';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readLocalWatchRecord } from '../watch-history/local-watch-history';
import { readUserInfo } from '../session/session-store';

// The first page reads these from storage without zod (shared/api/api-client.ts, `unchecked`);
// the hand-written checks must accept exactly what the schemas accept.

const localWatchRecordSchema = z.object({
  dramaId: z.number().int().positive(),
  episodeId: z.number().int().positive(),
  timestamp: z.number(),
  sequence: z.number().int().positive().optional(),
  position: z.number().nonnegative().optional(),
  progress: z.number().int().nonnegative().optional(),
  merged: z.boolean().optional(),
});

const anyValue = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 3 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);

function objectsLike(keys: readonly string[], good: Record<string, fc.Arbitrary<unknown>>) {
  // Mostly well-formed values, with one field at a time swapped for something odd or left out.
  const field = (key: string) => fc.oneof({ weight: 4, arbitrary: good[key] ?? anyValue }, { weight: 1, arbitrary: anyValue });
  return fc.record(Object.fromEntries(keys.map((key) => [key, field(key)])), { requiredKeys: [] });
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('hand-written storage checks agree with contracts', () => {
  it('user info', () => {
    const keys = ['id', 'username', 'avatar', 'email', 'points', 'vipLevel', 'vipExpireTime', 'status'];
    const good = {
      id: fc.integer(),
      username: fc.string(),
      avatar: fc.option(fc.string()),
      email: fc.option(fc.string()),
      points: fc.double({ noNaN: true, noDefaultInfinity: true }),
      vipLevel: fc.integer(),
      vipExpireTime: fc.option(fc.string()),
      status: fc.integer(),
    };
    fc.assert(
      fc.property(objectsLike(keys, good), (value) => {
        const parsed = userInfoSchema.safeParse(value);
        expect(readUserInfo(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('local watch records', () => {
    const keys = ['dramaId', 'episodeId', 'timestamp', 'sequence', 'position', 'progress', 'merged'];
    const good = {
      dramaId: fc.integer({ min: 1 }),
      episodeId: fc.integer({ min: 1 }),
      timestamp: fc.integer(),
      sequence: fc.integer({ min: 1 }),
      position: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
      progress: fc.integer({ min: 0 }),
      merged: fc.boolean(),
    };
    fc.assert(
      fc.property(objectsLike(keys, good), (value) => {
        const parsed = localWatchRecordSchema.safeParse(value);
        expect(readLocalWatchRecord(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('system settings keep the schema fields and default followSystemTheme', () => {
    const settings = systemSettingsSchema.parse({
      siteName: 'S',
      siteLogo: '',
      siteDescription: '',
      siteDomain: '',
      copyright: '',
      userAgreement: '',
      privacyPolicy: '',
      icp: '',
      contact: '',
    });
    expect(settings.followSystemTheme).toBe(true);
  });
});
