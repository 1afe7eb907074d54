import { SUBTITLE, systemSettingsSchema, userInfoSchema } from '@drama/contracts';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readFeedSessionValue } from '../features/explore/lib/feed-session';
import { readSubtitleSettingsValue } from '../features/player/lib/subtitle-settings';
import { readLocalWatchRecord } from '../shared/watch-history/local-watch-history';
import { readUserInfo } from '../shared/session/session-store';

// The first page reads these from storage without zod (shared/storage/value-checks.ts); the
// hand-written checks must accept exactly what the schemas accept.

const localWatchRecordSchema = z.object({
  dramaId: z.number().int().positive(),
  episodeId: z.number().int().positive(),
  timestamp: z.number(),
  sequence: z.number().int().positive().optional(),
  position: z.number().nonnegative().optional(),
  progress: z.number().int().nonnegative().optional(),
  merged: z.boolean().optional(),
});

const subtitleSettingsSchema = z.object({
  fontSize: z
    .number()
    .int()
    .min(SUBTITLE.fontSizeMin)
    .max(SUBTITLE.fontSizeMax)
    .refine((size) => (size - SUBTITLE.fontSizeMin) % SUBTITLE.fontSizeStep === 0),
  backgroundOpacity: z.union(SUBTITLE.backgroundOpacities.map((value) => z.literal(value))),
  position: z.number().min(0),
  visible: z.boolean(),
  language: z.enum(SUBTITLE.languages),
  color: z.enum(SUBTITLE.colors),
});

const feedSessionSchema = z.object({
  seen: z.array(z.number().int().positive()),
  current: z.number().int().positive().nullable(),
  sound: z.boolean(),
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

/** The hand-written check accepts what the schema accepts, and returns what it returns. */
function expectAgreement(schema: z.ZodType, check: (value: unknown) => unknown, values: fc.Arbitrary<unknown>) {
  fc.assert(
    fc.property(values, (value) => {
      const parsed = schema.safeParse(value);
      expect(check(value)).toEqual(parsed.success ? parsed.data : null);
    }),
    { numRuns: 2000 },
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('hand-written storage checks agree with contracts', () => {
  it('user info, with the nickname kept beside it', () => {
    const keptUserSchema = userInfoSchema.extend({ nickname: z.string().nullable().optional() });
    const keys = ['id', 'username', 'avatar', 'email', 'points', 'vipLevel', 'vipExpireTime', 'status', 'nickname'];
    const good = {
      id: fc.integer(),
      username: fc.string(),
      avatar: fc.option(fc.string()),
      email: fc.option(fc.string()),
      points: fc.double({ noNaN: true, noDefaultInfinity: true }),
      vipLevel: fc.integer(),
      vipExpireTime: fc.option(fc.string()),
      status: fc.integer(),
      nickname: fc.option(fc.string()),
    };
    expectAgreement(keptUserSchema, readUserInfo, objectsLike(keys, good));
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
    expectAgreement(localWatchRecordSchema, readLocalWatchRecord, objectsLike(keys, good));
  });

  it('subtitle settings', () => {
    const keys = ['fontSize', 'backgroundOpacity', 'position', 'visible', 'language', 'color'];
    const good = {
      fontSize: fc.integer({ min: 10, max: 30 }),
      backgroundOpacity: fc.constantFrom(...SUBTITLE.backgroundOpacities, 0.3, -0, 1),
      position: fc.double({ min: -1, max: 900, noNaN: false }),
      visible: fc.boolean(),
      language: fc.constantFrom(...SUBTITLE.languages, 'fr', 'ZH'),
      color: fc.constantFrom(...SUBTITLE.colors, 'black'),
    };
    expectAgreement(subtitleSettingsSchema, readSubtitleSettingsValue, objectsLike(keys, good));
  });

  it("the explore feed's session", () => {
    const ids = fc.array(fc.oneof(fc.integer({ min: -2, max: 50 }), { weight: 1, arbitrary: anyValue }), { maxLength: 4 });
    const good = { seen: ids, current: fc.option(fc.integer({ min: -1, max: 50 })), sound: fc.boolean() };
    expectAgreement(feedSessionSchema, readFeedSessionValue, objectsLike(['seen', 'current', 'sound'], good));
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
