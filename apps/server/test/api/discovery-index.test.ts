import { API_BASE, apiPaths, exploreResponseSchema, type LocalizedText, searchResponseSchema } from '@drama/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DiscoveryIndex } from '../../src/modules/discovery/discovery-index.js';
import { TextIndex } from '../../src/modules/discovery/text-index.js';
import { consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

/**
 * The in-memory catalogue that search and the feed answer from (modules/discovery) follows
 * every kind of change made in the database, by whoever makes it.
 */
// Changes are written straight in the database, behind the server's back: with no lag allowed,
// each call reads them first, as a call a second later would. (The suite runs with the
// production lag; the test of the lag itself makes an instance of its own.)
const t = useTestApp({ DISCOVERY_MAX_LAG_MS: '0' });

function same(text: string): LocalizedText {
  return { 'zh-CN': text, 'zh-Hant': text, 'en-US': text };
}

async function writeDrama(title: string, views = 0): Promise<number> {
  const { id } = await t.database.db
    .insertInto('dramas')
    .values({ slug: title.toLowerCase().replace(/\W+/g, '-'), title: JSON.stringify(same(title)), description: JSON.stringify(same('')), cover_path: 'none.jpg', episode_count: 1, free_episode_count: 1, view_count: views })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db.insertInto('episodes').values({ drama_id: id, sequence: 1, is_free: true, duration_seconds: 60, media_key: 'none' }).execute();
  await t.services.search.refreshIndex();
  return id;
}

async function searched(keyword: string): Promise<number[]> {
  const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.search()}?keyword=${encodeURIComponent(keyword)}&suggest=true` });
  expect(response.statusCode, response.body).toBe(200);
  return searchResponseSchema.parse(response.json()).data.items.map((hit) => hit.drama.id);
}

let asked = 0;

/** The first dramas of a fresh scroll: a page size not asked before, so no cached answer. */
async function feedTop(): Promise<number[]> {
  asked += 1;
  const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.explore()}?limit=${asked}` });
  expect(response.statusCode, response.body).toBe(200);
  return exploreResponseSchema.parse(response.json()).data.items.map((item) => item.drama.id);
}

describe('the in-memory catalogue', () => {
  it('drops a drama deleted outright from search and the feed', async () => {
    const id = await writeDrama('Wintervale Deleted', 2_000_000_000);
    expect(await searched('wintervale')).toEqual([id]);
    expect((await feedTop())[0]).toBe(id);
    await t.database.db.deleteFrom('episodes').where('drama_id', '=', id).execute();
    await t.database.db.deleteFrom('dramas').where('id', '=', id).execute();
    expect(await searched('wintervale')).toEqual([]);
    expect(await feedTop()).not.toContain(id);
  });

  it('takes a drama out of the feed when its free episode stops being playable, and keeps it in search', async () => {
    const id = await writeDrama('Larkspur Pending', 2_000_000_000);
    expect((await feedTop())[0]).toBe(id);
    await t.database.db.updateTable('episodes').set({ media_status: 'pending' }).where('drama_id', '=', id).execute();
    expect(await feedTop()).not.toContain(id);
    expect(await searched('larkspur')).toEqual([id]);
    await t.database.db.updateTable('episodes').set({ media_status: 'ready' }).where('drama_id', '=', id).execute();
    expect((await feedTop())[0]).toBe(id);
    // A like's count on the episode is no change the feed needs.
    const before = await t.database.db.selectFrom('dramas').select('change_xid').where('id', '=', id).executeTakeFirstOrThrow();
    await t.database.db.updateTable('episodes').set({ like_count: 7 }).where('drama_id', '=', id).execute();
    const after = await t.database.db.selectFrom('dramas').select('change_xid').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.change_xid).toBe(before.change_xid);
  });

  it('shows a renamed category and an unlisted drama as they are now', async () => {
    const id = await writeDrama('Thistledown Renamed');
    const category = await t.database.db.selectFrom('categories').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('dramas').set({ category_id: category.id }).where('id', '=', id).execute();
    await t.database.db
      .updateTable('categories')
      .set({ name: JSON.stringify({ ...category.name, 'en-US': 'Thistle Stories' }) })
      .where('id', '=', category.id)
      .execute();
    const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.search()}?keyword=thistledown&suggest=true`, headers: { 'accept-language': 'en-US' } });
    expect(searchResponseSchema.parse(response.json()).data.items[0]?.drama.category?.name).toBe('Thistle Stories');
    await t.database.db.updateTable('categories').set({ name: JSON.stringify(category.name) }).where('id', '=', category.id).execute();
    await t.database.db.updateTable('dramas').set({ status: 'unlisted' }).where('id', '=', id).execute();
    expect(await searched('thistledown')).toEqual([]);
  });

  it('never serves a drama twice in one scroll whose pages come from instances that read the catalogue at different times', async () => {
    // A second instance on the same database that reads it once a minute: behind the first.
    const behind = await buildApp({ config: { ...t.ctx.config, DISCOVERY_MAX_LAG_MS: 60_000 }, database: t.database, logger: false });
    await behind.server.ready();
    try {
      const top = await writeDrama('Quillon Top', 2_140_000_000);
      const risen = await writeDrama('Quillon Risen', 0);
      await writeDrama('Quillon Middle', 2_100_000_000);
      await behind.services.discovery?.read();
      // Seen by the first instance at once, by the second only at its next read.
      await t.database.db.updateTable('dramas').set({ view_count: 2_120_000_000 }).where('id', '=', risen).execute();
      const page = async (app: { server: typeof t.server }, query: string) => {
        const response = await app.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.explore()}?${query}` });
        expect(response.statusCode, response.body).toBe(200);
        return exploreResponseSchema.parse(response.json()).data;
      };
      const first = await page(behind, 'limit=1');
      expect(first.items.map((item) => item.drama.id)).toEqual([top]);
      // The first instance serves the risen drama next: it is below the cursor there.
      const second = await page(t, `limit=1&cursor=${first.nextCursor}`);
      expect(second.items.map((item) => item.drama.id)).toEqual([risen]);
      // The rest of the scroll from the instance behind: it catches up rather than serve it again.
      const rest: number[] = [];
      for (let cursor = second.nextCursor; cursor !== null; ) {
        const next = await page(behind, `limit=20&cursor=${cursor}`);
        rest.push(...next.items.map((item) => item.drama.id));
        cursor = next.nextCursor;
      }
      expect(rest.length).toBeGreaterThan(1);
      expect(rest).not.toContain(risen);
      expect(new Set(rest).size).toBe(rest.length);
    } finally {
      await behind.server.close();
    }
  });

  it('under a long lag sees at once a change made through it, and a change behind its back only at its next read', async () => {
    const behind = await buildApp({ config: { ...t.ctx.config, DISCOVERY_MAX_LAG_MS: 60_000 }, database: t.database, logger: false });
    await behind.server.ready();
    let asked = 10;
    // A page size not asked before each time, so that no cached answer stands in for the index.
    const searchBehind = async (keyword: string) => {
      asked += 1;
      const response = await behind.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.search()}?keyword=${keyword}&limit=${asked}` });
      expect(response.statusCode, response.body).toBe(200);
      return searchResponseSchema.parse(response.json()).data.items.map((hit) => hit.drama.id).sort((a, b) => a - b);
    };
    try {
      const hidden = await writeDrama('Cobblemere Hidden');
      const kept = await writeDrama('Cobblemere Kept');
      await behind.services.discovery?.read();
      expect(await searchBehind('cobblemere')).toEqual([hidden, kept]);
      // Through the console on this instance: the change makes it forget its read, and the next
      // call waits for a new one. Without that, this answer would keep the drama for a minute.
      const caller = await consoleAs(t, 'content');
      const unlisted = await behind.server.inject({ method: 'POST', url: `${API_BASE}/console/dramas/${hidden}/status`, headers: caller.headers, payload: { status: 'unlisted' } });
      expect(unlisted.statusCode, unlisted.body).toBe(200);
      expect(await searchBehind('cobblemere')).toEqual([kept]);
      // The change also started a pass over the search texts, which has the index read again when
      // it rewrites any: let it end (on PostgreSQL it can outlast the answer above).
      await behind.services.search.refreshIndex();
      // Straight in the database, nothing tells the instance: it answers as it read until it reads again.
      await t.database.db.updateTable('dramas').set({ status: 'unlisted' }).where('id', '=', kept).execute();
      expect(await searchBehind('cobblemere')).toEqual([kept]);
      await behind.services.discovery?.read();
      expect(await searchBehind('cobblemere')).toEqual([]);
    } finally {
      await behind.server.close();
    }
  });

  // Two connections at once: PostgreSQL only (PGlite serves one).
  it.runIf(process.env.DATABASE_URL)(
    'finds a change whose transaction began before a read and committed after it',
    async () => {
      const id = await writeDrama('Sorrelbrook Before');
      const url = await sql<{ url: string }>`select current_database() as url`.execute(t.database.db);
      const base = new URL(process.env.DATABASE_URL ?? '');
      base.pathname = `/${url.rows[0]?.url ?? ''}`;
      const other = new pg.Client({ connectionString: base.toString() });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update dramas set search_title = 'sorrelbrook after' where id = $1`, [id]);
        // A read while that transaction is open cannot see it ...
        await t.services.discovery?.read();
        expect(await searched('sorrelbrook after')).toEqual([]);
        await other.query('commit');
        // ... and the next one reads it, though its stamp is older than what that read saw.
        await t.services.discovery?.read();
        expect(await searched('sorrelbrook after')).toEqual([id]);
      } finally {
        await other.end();
      }
    },
  );
});

describe('the text lists rebuilt while changes come in', () => {
  it('rebuilds past its threshold, and carries the changes read during the build into the lists it swaps in', async () => {
    let builds = 0;
    let release: (() => void) | null = null;
    const index = new DiscoveryIndex(t.database.db, {
      maxLagMs: 60_000,
      textRebuildAt: 2,
      buildText: async (docs) => {
        builds += 1;
        // The first build (the whole catalogue's first read) goes through; later ones wait here.
        if (builds > 1) await new Promise<void>((resolve) => (release = resolve));
        return TextIndex.build(docs);
      },
    });
    try {
      await index.read();
      expect(builds).toBe(1);
      const before = index.text;
      const one = await writeDrama('Amberwell One');
      const two = await writeDrama('Amberwell Two');
      await index.read();
      // Two changed dramas are within the threshold: the lists carry them, no rebuild.
      expect(builds).toBe(1);
      expect(index.text.get(one)).toBeDefined();
      const three = await writeDrama('Amberwell Three');
      await index.read();
      expect(builds).toBe(2);

      // While the new lists are built: a new drama, a renamed one, one taken out.
      const four = await writeDrama('Amberwell Four');
      await t.database.db.updateTable('dramas').set({ title: JSON.stringify(same('Brackenfold Renamed')) }).where('id', '=', one).execute();
      await t.database.db.updateTable('dramas').set({ status: 'unlisted' }).where('id', '=', two).execute();
      await t.services.search.refreshIndex();
      await index.read();
      // Served meanwhile from the lists as they were, which follow the changes too.
      expect(index.text).toBe(before);
      expect(index.text.get(four)).toBeDefined();

      release!();
      await index.rebuilt();
      expect(index.text).not.toBe(before);
      expect(index.text.get(four)?.title.toLowerCase()).toContain('four');
      expect(index.text.get(one)?.title.toLowerCase()).toContain('brackenfold');
      expect(index.text.get(one)?.title.toLowerCase()).not.toContain('amberwell');
      expect(index.text.get(two)).toBeUndefined();
      expect(index.text.get(three)).toBeDefined();
    } finally {
      await index.stop();
    }
  });
});
