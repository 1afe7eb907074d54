import {
  API_BASE,
  apiPaths,
  type ExploreItem,
  exploreResponseSchema,
  type ForYou,
  forYouResponseSchema,
  memberSettingsResponseSchema,
} from '@drama/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refreshAll } from '../../src/modules/recommendations/job.js';
import { refreshMember } from '../../src/modules/recommendations/queries.js';
import { contribution, seedWeight } from '../../src/modules/recommendations/scoring.js';
import { buildUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
type Auth = Record<string, string>;

async function forYou(auth: Auth = {}, limit = 10): Promise<ForYou> {
  const response = await t.server.inject({ url: `${API_BASE}${apiPaths.forYou()}?limit=${limit}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return forYouResponseSchema.parse(response.json()).data;
}

async function scroll(limit: number, auth: Auth = {}): Promise<ExploreItem[]> {
  const served: ExploreItem[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages += 1) {
    const query: URLSearchParams = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response: { statusCode: number; body: string; json: () => unknown } = await t.server.inject({ url: `${API_BASE}${apiPaths.explore()}?${query.toString()}`, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    const data: { items: ExploreItem[]; nextCursor: string | null } = exploreResponseSchema.parse(response.json()).data;
    served.push(...data.items);
    cursor = data.nextCursor;
    if (cursor === null) return served;
  }
  throw new Error('the feed did not end');
}

async function watch(auth: Auth, dramaId: number) {
  const episode = await t.database.db
    .selectFrom('episodes')
    .select('id')
    .where('drama_id', '=', dramaId)
    .where('is_free', '=', true)
    .orderBy('sequence')
    .executeTakeFirstOrThrow();
  const response = await t.server.inject({ method: 'POST', url: `${API_BASE}${apiPaths.watch(dramaId, episode.id)}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
}

async function setPersonalised(auth: Auth, on: boolean) {
  const response = await t.server.inject({ method: 'PATCH', url: `${API_BASE}${apiPaths.userSettings()}`, headers: auth, payload: { privacy: { recommendations: on } } });
  expect(response.statusCode, response.body).toBe(200);
  expect(memberSettingsResponseSchema.parse(response.json()).data.privacy.recommendations).toBe(on);
}

/** Two categories of the playable catalogue, each with at least two dramas, by drama id. */
async function twoCategories() {
  const feed = await scroll(20);
  const byCategory = new Map<string, ExploreItem[]>();
  for (const item of feed) {
    const slug = item.drama.category?.slug;
    if (slug) byCategory.set(slug, [...(byCategory.get(slug) ?? []), item]);
  }
  const [a, b] = [...byCategory.entries()].filter(([, items]) => items.length >= 2);
  if (!a || !b) throw new Error('the seeded catalogue needs two categories with two dramas each');
  return { feed, a: { slug: a[0], dramas: a[1].map((item) => item.drama) }, b: { slug: b[0], dramas: b[1].map((item) => item.drama) } };
}

async function recommendationRows() {
  const rows = await t.database.db
    .selectFrom('member_recommendations')
    .select(['user_id', 'drama_id', 'score', 'rank', 'because_drama_id'])
    .orderBy('user_id')
    .orderBy('rank')
    .execute();
  const coWatch = await t.database.db.selectFrom('drama_co_watch').select(['drama_id', 'other_drama_id', 'members', 'share', 'rank']).orderBy('drama_id').orderBy('rank').execute();
  return { rows, coWatch };
}

const ids = (items: Array<{ drama: { id: number } }>) => items.map((item) => item.drama.id);

describe('For you', () => {
  it('ranks each member’s own category first, says which drama it came from, and is the popular order for guests and with the switch off', async () => {
    const { a, b } = await twoCategories();
    const one = await buildUser(t.database.db, t.ctx.tokens);
    const two = await buildUser(t.database.db, t.ctx.tokens);
    const a1 = a.dramas[0]!;
    const b1 = b.dramas[0]!;
    await watch(one.auth, a1.id);
    await watch(two.auth, b1.id);
    await refreshAll(t.ctx);

    const guest = await forYou();
    expect(guest.personalised).toBe(false);
    expect(guest.items.every((item) => item.because === null)).toBe(true);
    // The guests' row is the popular order: the explore feed's first page.
    expect(ids(guest.items)).toEqual(ids((await scroll(20)).slice(0, 10)));

    const first = await forYou(one.auth);
    const second = await forYou(two.auth);
    expect(first.personalised).toBe(true);
    expect(second.personalised).toBe(true);
    expect(ids(first.items)).not.toEqual(ids(second.items));
    expect(first.items[0]?.drama.category?.slug).toBe(a.slug);
    expect(second.items[0]?.drama.category?.slug).toBe(b.slug);
    expect(first.items[0]?.because).toEqual({ id: a1.id, title: a1.title });
    expect(second.items[0]?.because).toEqual({ id: b1.id, title: b1.title });
    // Every "because" names a drama the member watched.
    for (const item of first.items) if (item.because) expect(item.because.id).toBe(a1.id);
    // The category's other dramas come before any other category's.
    const firstSlugs = first.items.map((item) => item.drama.category?.slug);
    const ownCount = firstSlugs.filter((slug) => slug === a.slug).length;
    expect(firstSlugs.slice(0, ownCount).every((slug) => slug === a.slug)).toBe(true);

    await setPersonalised(one.auth, false);
    const off = await forYou(one.auth);
    expect(off).toEqual(guest);
    await setPersonalised(one.auth, true);
    // Back on, the list is the member's again once it is computed: the scheduled refresh of
    // everyone's (twice an hour, in this app too) drops the lists of members with the switch off,
    // and may have run meanwhile.
    await refreshAll(t.ctx);
    expect((await forYou(one.auth)).personalised).toBe(true);
  });

  it('a member with nothing watched gets the popular order', async () => {
    const fresh = await buildUser(t.database.db, t.ctx.tokens);
    await refreshMember(t.database.db, fresh.user.id);
    expect(await forYou(fresh.auth)).toEqual(await forYou());
  });

  it('recommends what people who watched the same drama also watched', async () => {
    const { a, b } = await twoCategories();
    const a2 = a.dramas[1]!;
    const bLast = b.dramas[b.dramas.length - 1]!;
    const others = await Promise.all([0, 1].map(() => buildUser(t.database.db, t.ctx.tokens)));
    for (const other of others) {
      await watch(other.auth, a2.id);
      await watch(other.auth, bLast.id);
    }
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, a2.id);
    await refreshAll(t.ctx);
    const coWatched = await t.database.db
      .selectFrom('drama_co_watch')
      .select(['members'])
      .where('drama_id', '=', a2.id)
      .where('other_drama_id', '=', bLast.id)
      .executeTakeFirstOrThrow();
    expect(coWatched.members).toBeGreaterThanOrEqual(2);
    const list = await forYou(member.auth, 20);
    const index = ids(list.items).indexOf(bLast.id);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(list.items[index]?.because?.id).toBe(a2.id);
    // Outranks the other category's dramas nobody co-watched.
    for (const drama of b.dramas.slice(0, -1)) {
      const other = ids(list.items).indexOf(drama.id);
      if (other >= 0) expect(index).toBeLessThan(other);
    }
  });

  it('leaves out dramas the member finished', async () => {
    const { a } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const [seed, finished] = [a.dramas[0]!, a.dramas[1]!];
    await watch(member.auth, seed.id);
    const last = await t.database.db
      .selectFrom('episodes')
      .select(['id', 'duration_seconds'])
      .where('drama_id', '=', finished.id)
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('watch_records')
      .values({ user_id: member.user.id, drama_id: finished.id, episode_id: last.id, progress_seconds: last.duration_seconds })
      .execute();
    await refreshMember(t.database.db, member.user.id);
    const list = await forYou(member.auth, 20);
    expect(list.personalised).toBe(true);
    expect(ids(list.items.filter((item) => item.because !== null))).not.toContain(finished.id);
  });

  it('scores in SQL exactly as the documented rule (scoring.ts) says', async () => {
    const { a } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const seed = a.dramas[0]!;
    await watch(member.auth, seed.id);
    await refreshMember(t.database.db, member.user.id);
    const db = t.database.db;
    const dramas = await db.selectFrom('dramas').select(['id', 'category_id', 'episode_count']).execute();
    const tags = await db.selectFrom('drama_tags').select(['drama_id', 'tag_id']).execute();
    const tagsOf = (id: number) => tags.filter((row) => row.drama_id === id).map((row) => row.tag_id);
    const seedRow = dramas.find((row) => row.id === seed.id)!;
    const weight = seedWeight({ reached: 1 / seedRow.episode_count, liked: false, favorited: false });
    const coWatch = await db.selectFrom('drama_co_watch').select(['other_drama_id', 'share']).where('drama_id', '=', seed.id).execute();
    const rows = await db.selectFrom('member_recommendations').select(['drama_id', 'score', 'because_drama_id']).where('user_id', '=', member.user.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const drama = dramas.find((candidate) => candidate.id === row.drama_id)!;
      const own = tagsOf(drama.id);
      const expected = contribution(
        {
          weight,
          sameCategory: drama.category_id !== null && drama.category_id === seedRow.category_id,
          tagShare: own.length === 0 ? 0 : own.filter((tag) => tagsOf(seed.id).includes(tag)).length / own.length,
          coWatchShare: coWatch.find((pair) => pair.other_drama_id === drama.id)?.share ?? 0,
        },
        weight,
      );
      expect(row.score).toBeCloseTo(expected, 9);
      expect(row.because_drama_id).toBe(seed.id);
    }
  });

  it('gives the same rows computed twice', async () => {
    await refreshAll(t.ctx);
    const once = await recommendationRows();
    await refreshAll(t.ctx);
    expect(await recommendationRows()).toEqual(once);
    expect(once.rows.length).toBeGreaterThan(0);
  });

  it('refreshes a member’s list shortly after they watch, through the job queue', async () => {
    const { b } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, b.dramas[0]!.id);
    await expect
      .poll(async () => (await forYou(member.auth)).items[0]?.because?.id, { timeout: 40_000, interval: 500 })
      .toBe(b.dramas[0]!.id);
  });
});

describe('the switch turned back on', () => {
  it('brings the member’s list back shortly after, without waiting for the scheduled job', async () => {
    const { a } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, a.dramas[0]!.id);
    await setPersonalised(member.auth, false);
    await refreshMember(t.database.db, member.user.id);
    expect(await t.database.db.selectFrom('member_recommendations').select('drama_id').where('user_id', '=', member.user.id).execute()).toEqual([]);
    await setPersonalised(member.auth, true);
    expect((await forYou(member.auth)).personalised).toBe(false);
    await expect.poll(async () => (await forYou(member.auth)).items[0]?.because?.id, { timeout: 40_000, interval: 1_000 }).toBe(a.dramas[0]!.id);
  });
});

describe('the explore feed, personalised', () => {
  it('serves the member’s list first, never a drama twice, and exactly the popular feed with the switch off', async () => {
    const { a, feed } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, a.dramas[0]!.id);
    await refreshMember(t.database.db, member.user.id);
    const list = await forYou(member.auth, 20);
    for (const limit of [1, 2, 3, 5, 20]) {
      const served = await scroll(limit, member.auth);
      expect(new Set(ids(served)).size).toBe(served.length);
      expect(new Set(ids(served))).toEqual(new Set(ids(feed)));
      expect(ids(served).slice(0, 3)).toEqual(ids(list.items).slice(0, 3));
    }
    const guest = await scroll(3);
    expect(ids(guest)).toEqual(ids(feed));
    await setPersonalised(member.auth, false);
    const response = await t.server.inject({ url: `${API_BASE}${apiPaths.explore()}?limit=3`, headers: member.auth });
    const guestFirst = await t.server.inject({ url: `${API_BASE}${apiPaths.explore()}?limit=3` });
    // The same page; the cursor differs only in when the scroll began.
    expect(exploreResponseSchema.parse(response.json()).data.items).toEqual(exploreResponseSchema.parse(guestFirst.json()).data.items);
    expect(ids(await scroll(3, member.auth))).toEqual(ids(guest));
    await setPersonalised(member.auth, true);
  });

  it('never answers a member from the guests’ cache, nor a guest with a member’s page', async () => {
    const { b } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, b.dramas[1]!.id);
    await refreshMember(t.database.db, member.user.id);
    const url = `${API_BASE}${apiPaths.explore()}?limit=4`;
    const guestBefore = await t.server.inject({ url });
    const mine = await t.server.inject({ url, headers: member.auth });
    const guestAfter = await t.server.inject({ url });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json()).not.toEqual(guestBefore.json());
    expect(guestAfter.json()).toEqual(guestBefore.json());
    expect(guestAfter.headers['x-cache']).toBe('hit');
    const forYouUrl = `${API_BASE}${apiPaths.forYou()}`;
    await t.server.inject({ url: forYouUrl });
    const memberRow = await t.server.inject({ url: forYouUrl, headers: member.auth });
    expect(forYouResponseSchema.parse(memberRow.json()).data.personalised).toBe(true);
  });

  it('serves no drama twice over any personalised scroll, whatever the page sizes and mid-scroll refreshes', async () => {
    const { a, b, feed } = await twoCategories();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, a.dramas[0]!.id);
    await refreshMember(t.database.db, member.user.id);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 4 }), async (limits, refreshAt) => {
        const served: number[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 100; page += 1) {
          if (page === refreshAt) {
            // The list changes mid-scroll: another category comes in.
            await watch(member.auth, b.dramas[page % b.dramas.length]!.id);
            await refreshMember(t.database.db, member.user.id);
          }
          const limit = limits[page % limits.length]!;
          const query: URLSearchParams = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
          const response: { json: () => unknown } = await t.server.inject({ url: `${API_BASE}${apiPaths.explore()}?${query.toString()}`, headers: member.auth });
          const data: { items: ExploreItem[]; nextCursor: string | null } = exploreResponseSchema.parse(response.json()).data;
          served.push(...ids(data.items));
          cursor = data.nextCursor;
          if (cursor === null) break;
        }
        expect(new Set(served).size).toBe(served.length);
        expect(served.length).toBe(feed.length);
      }),
      { numRuns: 8 },
    );
  });

  it('refuses a cursor it did not make', async () => {
    const bad = Buffer.from(JSON.stringify(['p', [1, 1]])).toString('base64url');
    const response = await t.server.inject({ url: `${API_BASE}${apiPaths.explore()}?cursor=${bad}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});
