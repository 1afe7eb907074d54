import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  type ConsoleDrama,
  consoleCategoryListResponseSchema,
  consoleCategoryResponseSchema,
  consoleDramaListResponseSchema,
  consoleDramaResponseSchema,
  consoleTagResponseSchema,
  categoryListResponseSchema,
  dramaDetailResponseSchema,
  dramaFeaturedResponseSchema,
  dramaListResponseSchema,
  exploreResponseSchema,
  featuredSlotsResponseSchema,
  type OperatorRole,
  playInfoResponseSchema,
  resumePointResponseSchema,
  searchResponseSchema,
} from '@drama/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_JOB } from '../../src/modules/catalogue/scheduled-releases.js';
import { okData } from '../support/answers.js';
import { runJob } from '../support/jobs.js';
import { buildUser } from '../support/factories.js';
import { multipart } from '../support/images.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const MINUTE = 60_000;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
// A MEDIA_DIR of the test's own, not the project's media (covers themselves go into the storage).
const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'drama-console-media-'));
const t = useTestApp({ MEDIA_DIR: mediaDir }, { clock });

const CONSOLE = `${API_BASE}/console`;
let content: ConsoleCaller;

beforeAll(async () => {
  content = await consoleAs(t, 'content');
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function consoleCall(method: Method, url: string, payload?: unknown, caller: ConsoleCaller = content) {
  const response = await t.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: caller.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function viewer(url: string, locale = 'en-US') {
  const response = await t.server.inject({ url: `${API_BASE}${url}`, headers: { 'accept-language': locale } });
  return { status: response.statusCode, body: response.json() as unknown };
}

function errorCode(answer: { status: number; body: unknown }): string {
  return apiErrorEnvelopeSchema.parse(answer.body).code;
}

let serial = 0;
function texts(label: string) {
  serial += 1;
  const word = `${label}${serial}x${Date.now().toString(36)}`;
  return {
    title: { 'zh-CN': `简体${word}`, 'zh-Hant': `繁體${word}`, 'en-US': `English ${word}` },
    description: { 'zh-CN': `简介 ${word}`, 'zh-Hant': `簡介 ${word}`, 'en-US': `About ${word}` },
  };
}

async function createDrama(label: string, extra: Record<string, unknown> = {}): Promise<ConsoleDrama> {
  return okData(await consoleCall('POST', '/dramas', { ...texts(label), ...extra }), consoleDramaResponseSchema);
}

async function pngOf(width: number, height: number, withExif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 90 } } });
  return (withExif ? image.withExif({ IFD0: { Copyright: 'secret place', Artist: 'someone' } }) : image).png().toBuffer();
}

async function uploadCover(id: number, image: Buffer, crop: Record<string, number>, contentType = 'image/png') {
  const { body, contentType: type } = multipart(
    [{ filename: 'cover.png', contentType, data: image }],
    Object.fromEntries(Object.entries(crop).map(([key, value]) => [key, String(value)])),
  );
  const response = await t.server.inject({
    method: 'POST',
    url: `${CONSOLE}/dramas/${id}/cover`,
    headers: { ...content.headers, 'content-type': type },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function withCover(drama: ConsoleDrama): Promise<ConsoleDrama> {
  return okData(await uploadCover(drama.id, await pngOf(600, 800), { x: 0, y: 0, width: 600, height: 800 }), consoleDramaResponseSchema);
}

async function setStatus(id: number, body: Record<string, unknown>) {
  return consoleCall('POST', `/dramas/${id}/status`, body);
}

async function latestIds(): Promise<number[]> {
  const data = okData(await viewer(`${apiPaths.dramas()}?sort=latest&limit=100`), dramaListResponseSchema);
  return data.items.map((item) => item.id);
}

/** Every drama of the explore feed, scrolled to its end. */
async function exploreIds(): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = okData(await viewer(`${apiPaths.explore()}?limit=20${query}`), exploreResponseSchema);
    ids.push(...page.items.map((item) => item.drama.id));
    cursor = page.nextCursor;
  } while (cursor !== null && ids.length < 1_000);
  return ids;
}

async function auditRows(action: string, targetId: string | number) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

describe('dramas in the console', () => {
  it('creates a drama in three languages as a draft that viewers see only once it is published', async () => {
    const words = texts('Publish');
    const created = okData(await consoleCall('POST', '/dramas', { ...words, tagIds: [] }), consoleDramaResponseSchema);
    expect(created).toMatchObject({ status: 'draft', title: words.title, description: words.description, coverUrl: null, publishedAt: null });

    expect(await latestIds()).not.toContain(created.id);
    expect((await viewer(apiPaths.drama(created.id))).status).toBe(404);
    expect(errorCode(await setStatus(created.id, { status: 'published' }))).toBe('COVER_REQUIRED');

    await withCover(created);
    const published = okData(await setStatus(created.id, { status: 'published' }), consoleDramaResponseSchema);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();

    expect((await latestIds())[0]).toBe(created.id);
    for (const [locale, title] of [
      ['zh-CN', words.title['zh-CN']],
      ['zh-Hant', words.title['zh-Hant']],
      ['en-US', words.title['en-US']],
    ] as const) {
      expect(okData(await viewer(apiPaths.drama(created.id), locale), dramaDetailResponseSchema).title).toBe(title);
    }
    await t.services.search.refreshIndex();
    const found = okData(await viewer(`${apiPaths.search()}?keyword=${encodeURIComponent(words.title['en-US'])}`), searchResponseSchema);
    expect(found.items.map((hit) => hit.drama.id)).toContain(created.id);

    // Back to draft: gone for viewers at once (the list above was cached).
    okData(await setStatus(created.id, { status: 'draft' }), consoleDramaResponseSchema);
    expect(await latestIds()).not.toContain(created.id);
    expect((await viewer(apiPaths.drama(created.id))).status).toBe(404);
  });

  it('publishes a scheduled drama by itself at its time, past every cache', async () => {
    const drama = await withCover(await createDrama('Scheduled'));
    const at = new Date(clock().getTime() + 10 * MINUTE);
    const scheduled = okData(await setStatus(drama.id, { status: 'scheduled', publishAt: at.toISOString() }), consoleDramaResponseSchema);
    expect(scheduled).toMatchObject({ status: 'scheduled', publishedAt: at.toISOString() });
    const [audit] = await auditRows('drama.status', drama.id);
    expect(audit?.before).toMatchObject({ status: 'draft', publishedAt: null });
    expect(audit?.after).toMatchObject({ status: 'scheduled', publishedAt: at.toISOString() });

    expect(await latestIds()).not.toContain(drama.id);
    expect((await viewer(apiPaths.drama(drama.id))).status).toBe(404);

    // The release job runs on the queue (queued for the time, here run at once as the clock is moved).
    offsetMs += 9 * MINUTE;
    await runJob(t, RELEASE_JOB);
    expect(await latestIds()).not.toContain(drama.id);
    offsetMs += 2 * MINUTE;
    await runJob(t, RELEASE_JOB);
    expect(await latestIds()).toContain(drama.id);
    expect(okData(await viewer(apiPaths.drama(drama.id)), dramaDetailResponseSchema).publishedAt).toBe(at.toISOString());
    expect(okData(await consoleCall('GET', `/dramas/${drama.id}`), consoleDramaResponseSchema).status).toBe('published');

    // The release is in the audit log once, done for the operator who scheduled it.
    expect(await latestIds()).toContain(drama.id);
    const releases = await auditRows('drama.release', drama.id);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ via: 'schedule', username: audit?.username, role: audit?.role, operator_id: audit?.operator_id, ip: null });
    expect(releases[0]?.before).toMatchObject({ status: 'scheduled', publishedAt: at.toISOString() });
    expect(releases[0]?.after).toEqual({ status: 'published' });
  });

  it('refuses a schedule that is not in the future', async () => {
    const drama = await withCover(await createDrama('Past'));
    const answer = await setStatus(drama.id, { status: 'scheduled', publishAt: new Date(clock().getTime() - MINUTE).toISOString() });
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('SCHEDULE_IN_PAST');
  });

  it('keeps an unlisted drama out of lists, search, explore and home while its page and player open by link', async () => {
    const featured = okData(await viewer(apiPaths.featured()), dramaFeaturedResponseSchema).items;
    const target = featured[0];
    if (!target) throw new Error('the seeded catalogue has no featured drama');
    const detail = okData(await viewer(apiPaths.drama(target.id)), dramaDetailResponseSchema);
    const freeEpisode = detail.episodes.find((episode) => episode.isFree);
    if (!freeEpisode) throw new Error('no free episode');

    const searchIds = async () => {
      const found = okData(await viewer(`${apiPaths.search()}?keyword=${encodeURIComponent(target.title.slice(0, 40))}`), searchResponseSchema);
      return found.items.map((hit) => hit.drama.id);
    };
    expect(await searchIds()).toContain(target.id);
    expect(await exploreIds()).toContain(target.id);

    okData(await setStatus(target.id, { status: 'unlisted' }), consoleDramaResponseSchema);
    try {
      expect(await latestIds()).not.toContain(target.id);
      expect(okData(await viewer(apiPaths.featured()), dramaFeaturedResponseSchema).items.map((item) => item.id)).not.toContain(target.id);
      expect(await searchIds()).not.toContain(target.id);
      expect(await exploreIds()).not.toContain(target.id);

      expect(okData(await viewer(apiPaths.drama(target.id)), dramaDetailResponseSchema).id).toBe(target.id);
      expect(okData(await viewer(apiPaths.play(freeEpisode.id)), playInfoResponseSchema).dramaId).toBe(target.id);

      // A member who came by the link can like, keep and resume it like any drama.
      const member = await buildUser(t.database.db, t.ctx.tokens);
      const asMember = async (method: Method, url: string) => {
        const response = await t.server.inject({ method, url: `${API_BASE}${url}`, headers: member.auth });
        return { status: response.statusCode, body: response.json() as unknown };
      };
      expect((await asMember('POST', apiPaths.like(freeEpisode.id))).status).toBe(200);
      expect((await asMember('POST', apiPaths.favorite(target.id))).status).toBe(200);
      const watched = await asMember('POST', `/client/watch-records/${target.id}/progress?episodeId=${freeEpisode.id}&progress=12`);
      expect(watched.status, JSON.stringify(watched.body)).toBe(200);
      const resume = okData(await asMember('GET', apiPaths.watchRecord(target.id)), resumePointResponseSchema);
      expect(resume).toMatchObject({ episodeId: freeEpisode.id, progressSeconds: 12 });
    } finally {
      const back = okData(await setStatus(target.id, { status: 'published' }), consoleDramaResponseSchema);
      // Out before: it keeps the day it first came out.
      expect(back.publishedAt).toBe(detail.publishedAt);
    }
  });

  it('edits texts, category, tags and the completed flag, and viewers see them at once', async () => {
    const drama = await withCover(await createDrama('Edit'));
    okData(await setStatus(drama.id, { status: 'published' }), consoleDramaResponseSchema);
    const categories = okData(await consoleCall('GET', '/categories'), consoleCategoryListResponseSchema).items;
    const category = categories[1];
    if (!category) throw new Error('no categories');
    expect(okData(await viewer(apiPaths.drama(drama.id)), dramaDetailResponseSchema).category).toBeNull();

    const words = texts('Edited');
    const edited = okData(
      await consoleCall('PATCH', `/dramas/${drama.id}`, { title: words.title, categoryId: category.id, isCompleted: true }),
      consoleDramaResponseSchema,
    );
    expect(edited).toMatchObject({ title: words.title, description: drama.description, isCompleted: true, category: { id: category.id } });

    const shown = okData(await viewer(apiPaths.drama(drama.id), 'zh-Hant'), dramaDetailResponseSchema);
    expect(shown).toMatchObject({ title: words.title['zh-Hant'], isCompleted: true, category: { id: category.id } });

    const [audit] = await auditRows('drama.update', drama.id);
    expect(audit).toMatchObject({ username: content.operator.username, role: 'content', target_type: 'drama' });
    expect(audit?.before).toMatchObject({ title: drama.title, isCompleted: false, category: null });
    expect(audit?.after).toMatchObject({ title: words.title, isCompleted: true, category: { id: category.id } });
  });

  it('lists dramas with paging, sorting, search by any language or id, and filters', async () => {
    const words = texts('Findme');
    const created = okData(await consoleCall('POST', '/dramas', words), consoleDramaResponseSchema);
    for (const q of [words.title['zh-CN'], words.title['zh-Hant'], words.title['en-US'].toUpperCase(), String(created.id)]) {
      const page = okData(await consoleCall('GET', `/dramas?q=${encodeURIComponent(q)}`), consoleDramaListResponseSchema);
      expect(page.items.map((item) => item.id), q).toContain(created.id);
    }
    const drafts = okData(await consoleCall('GET', '/dramas?status=draft&limit=100'), consoleDramaListResponseSchema);
    expect(drafts.items.every((item) => item.status === 'draft')).toBe(true);
    expect(drafts.items.map((item) => item.id)).toContain(created.id);

    const all = okData(await consoleCall('GET', '/dramas?limit=5&page=2&sort=id&order=asc'), consoleDramaListResponseSchema);
    expect(all).toMatchObject({ page: 2, limit: 5 });
    expect(all.items).toHaveLength(5);
    const ids = all.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.total).toBeGreaterThanOrEqual(12);

    const first = all.items[0];
    const tag = first?.tags[0];
    if (!first || !tag || !first.category) throw new Error('seeded dramas have a category and tags');
    const byTag = okData(await consoleCall('GET', `/dramas?tag=${tag.id}&limit=100`), consoleDramaListResponseSchema);
    expect(byTag.items.every((item) => item.tags.some((each) => each.id === tag.id))).toBe(true);
    const byCategory = okData(await consoleCall('GET', `/dramas?category=${first.category.id}&limit=100`), consoleDramaListResponseSchema);
    expect(byCategory.items.every((item) => item.category?.id === first.category?.id)).toBe(true);
    expect(byCategory.items.map((item) => item.id)).toContain(first.id);
  });
});

describe('covers', () => {
  it('cuts exactly 3:4 from the crop, strips metadata and stores a new file per upload', async () => {
    const drama = await createDrama('Cover');
    const first = okData(
      await uploadCover(drama.id, await pngOf(1000, 900, true), { x: 100, y: 50, width: 600, height: 800 }),
      consoleDramaResponseSchema,
    );
    // Console covers go into the storage (a local folder here), not MEDIA_DIR.
    const stored = (url: string | null) => path.join(t.ctx.config.STORAGE_DIR, 'covers', path.basename(url ?? ''));
    const meta = await sharp(readFileSync(stored(first.coverUrl))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect(meta.exif).toBeUndefined();

    // A square crop is narrowed to 3:4 around its centre.
    const second = okData(
      await uploadCover(drama.id, await pngOf(1000, 900), { x: 0, y: 0, width: 700, height: 700 }),
      consoleDramaResponseSchema,
    );
    expect(second.coverUrl).not.toBe(first.coverUrl);
    const squareMeta = await sharp(readFileSync(stored(second.coverUrl))).metadata();
    expect((squareMeta.width ?? 0) * 4).toBe((squareMeta.height ?? 0) * 3);

    // A phone photo stored on its side (EXIF orientation 6) is cropped as the cropper showed it: upright.
    const sideways = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#204060' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = okData(
      await uploadCover(drama.id, sideways, { x: 0, y: 0, width: 600, height: 800 }, 'image/jpeg'),
      consoleDramaResponseSchema,
    );
    const uprightMeta = await sharp(readFileSync(stored(upright.coverUrl))).metadata();
    expect(uprightMeta).toMatchObject({ width: 600, height: 800 });
    expect(uprightMeta.orientation).toBeUndefined();

    const audit = await auditRows('drama.cover', drama.id);
    expect(audit).toHaveLength(3);
    expect(audit[1]?.before).toEqual({ coverUrl: first.coverUrl });
    expect(audit[1]?.after).toMatchObject({ coverUrl: second.coverUrl });
  });

  it('refuses what is not an image, a tiny image and a crop outside the image, with their codes', async () => {
    const drama = await createDrama('BadCover');
    const crop = { x: 0, y: 0, width: 300, height: 400 };
    const notImage = await uploadCover(drama.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), crop, 'image/svg+xml');
    expect([notImage.status, errorCode(notImage)]).toEqual([415, 'COVER_NOT_IMAGE']);
    const tiny = await uploadCover(drama.id, await pngOf(120, 160), { x: 0, y: 0, width: 120, height: 160 });
    expect([tiny.status, errorCode(tiny)]).toEqual([422, 'COVER_TOO_SMALL']);
    const smallCrop = await uploadCover(drama.id, await pngOf(600, 800), { x: 0, y: 0, width: 150, height: 200 });
    expect([smallCrop.status, errorCode(smallCrop)]).toEqual([422, 'COVER_TOO_SMALL']);
    const outside = await uploadCover(drama.id, await pngOf(600, 800), { x: 100, y: 0, width: 600, height: 800 });
    expect([outside.status, errorCode(outside)]).toEqual([400, 'COVER_CROP_INVALID']);
    const noCrop = await uploadCover(drama.id, await pngOf(600, 800), {});
    expect([noCrop.status, errorCode(noCrop)]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await uploadCover(999_999, await pngOf(600, 800), crop);
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'DRAMA_NOT_FOUND']);
    expect(okData(await consoleCall('GET', `/dramas/${drama.id}`), consoleDramaResponseSchema).coverUrl).toBeNull();
  });
});

describe('categories and tags', () => {
  const name = (word: string) => ({ 'zh-CN': `类${word}`, 'zh-Hant': `類${word}`, 'en-US': `Kind ${word}` });

  it('creates, renames, reorders and deletes categories, shown to viewers at once', async () => {
    const created = okData(await consoleCall('POST', '/categories', { slug: 'console-kind', name: name('A') }), consoleCategoryResponseSchema);
    expect(created.dramaCount).toBe(0);
    const viewerNames = async (locale: string) =>
      okData(await viewer(apiPaths.categories(), locale), categoryListResponseSchema).items.map((item) => item.name);
    expect(await viewerNames('zh-Hant')).toContain('類A');

    okData(await consoleCall('PATCH', `/categories/${created.id}`, { name: name('B') }), consoleCategoryResponseSchema);
    expect(await viewerNames('en-US')).toContain('Kind B');

    const ids = okData(await consoleCall('GET', '/categories'), consoleCategoryListResponseSchema).items.map((item) => item.id);
    const reversed = [...ids].reverse();
    const ordered = okData(await consoleCall('PUT', '/categories/order', { ids: reversed }), consoleCategoryListResponseSchema);
    expect(ordered.items.map((item) => item.id)).toEqual(reversed);
    expect(okData(await viewer(apiPaths.categories()), categoryListResponseSchema).items.map((item) => item.id)).toEqual(reversed);
    const partial = await consoleCall('PUT', '/categories/order', { ids: reversed.slice(1) });
    expect([partial.status, errorCode(partial)]).toEqual([400, 'CATEGORY_ORDER_INVALID']);

    const used = ordered.items.find((item) => item.dramaCount > 0);
    if (!used) throw new Error('no category in use');
    const refused = await consoleCall('DELETE', `/categories/${used.id}`);
    expect([refused.status, errorCode(refused)]).toEqual([409, 'CATEGORY_IN_USE']);
    expect(apiErrorEnvelopeSchema.parse(refused.body).details).toEqual({ dramaCount: used.dramaCount });

    const taken = await consoleCall('POST', '/categories', { slug: 'console-kind', name: name('C') });
    expect([taken.status, errorCode(taken)]).toEqual([409, 'SLUG_TAKEN']);

    expect((await consoleCall('DELETE', `/categories/${created.id}`)).status).toBe(200);
    expect(await viewerNames('en-US')).not.toContain('Kind B');
    const gone = await consoleCall('DELETE', `/categories/${created.id}`);
    expect([gone.status, errorCode(gone)]).toEqual([404, 'CATEGORY_NOT_FOUND']);

    const [deleted] = await auditRows('category.delete', created.id);
    expect(deleted?.before).toMatchObject({ slug: 'console-kind', name: name('B') });
    const [order] = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'category.order').execute();
    expect(order?.before).toEqual({ ids });
    expect(order?.after).toEqual({ ids: reversed });
  });

  it('creates, renames and deletes tags; a tag in use cannot be deleted', async () => {
    const tag = okData(await consoleCall('POST', '/tags', { slug: 'console-tag', name: name('T') }), consoleTagResponseSchema);
    const drama = await createDrama('Tagged', { tagIds: [tag.id] });
    expect(drama.tags.map((each) => each.id)).toEqual([tag.id]);
    const renamed = okData(await consoleCall('PATCH', `/tags/${tag.id}`, { name: name('U'), slug: 'console-tag-2' }), consoleTagResponseSchema);
    expect(renamed).toMatchObject({ slug: 'console-tag-2', name: name('U'), dramaCount: 1 });

    const refused = await consoleCall('DELETE', `/tags/${tag.id}`);
    expect([refused.status, errorCode(refused)]).toEqual([409, 'TAG_IN_USE']);
    okData(await consoleCall('PATCH', `/dramas/${drama.id}`, { tagIds: [] }), consoleDramaResponseSchema);
    expect((await consoleCall('DELETE', `/tags/${tag.id}`)).status).toBe(200);

    const unknownTag = await consoleCall('POST', '/dramas', { ...texts('NoTag'), tagIds: [999_999] });
    expect([unknownTag.status, errorCode(unknownTag)]).toEqual([404, 'TAG_NOT_FOUND']);
    expect((await auditRows('tag.update', tag.id))[0]?.after).toMatchObject({ slug: 'console-tag-2' });
  });
});

describe('the home page featured carousel', () => {
  it('shows the new order on home at once', async () => {
    const before = okData(await consoleCall('GET', '/home-slots/featured'), featuredSlotsResponseSchema);
    expect(before.dramaIds.length).toBeGreaterThan(1);
    expect(okData(await viewer(apiPaths.featured()), dramaFeaturedResponseSchema).items.map((item) => item.id)).toEqual(before.dramaIds);

    const extra = (await latestIds()).find((id) => !before.dramaIds.includes(id));
    if (extra === undefined) throw new Error('no drama outside the carousel');
    const wanted = [extra, ...[...before.dramaIds].reverse().slice(1)];
    const after = okData(await consoleCall('PUT', '/home-slots/featured', { dramaIds: wanted }), featuredSlotsResponseSchema);
    expect(after.dramaIds).toEqual(wanted);
    expect(after.items.map((item) => item.featuredRank)).toEqual(wanted.map((_, index) => index + 1));
    expect(okData(await viewer(apiPaths.featured()), dramaFeaturedResponseSchema).items.map((item) => item.id)).toEqual(wanted);

    const [audit] = await auditRows('home.featured', 'featured');
    expect(audit).toMatchObject({ before: { dramaIds: before.dramaIds }, after: { dramaIds: wanted } });

    const unknown = await consoleCall('PUT', '/home-slots/featured', { dramaIds: [999_999] });
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'DRAMA_NOT_FOUND']);
    const tooMany = await consoleCall('PUT', '/home-slots/featured', { dramaIds: Array.from({ length: 11 }, (_, index) => index + 1) });
    expect(tooMany.status).toBe(400);
  });
});

describe('who may change the catalogue', () => {
  const calls: Array<[Method, string, unknown?]> = [
    ['GET', '/dramas'],
    ['GET', '/dramas/1'],
    ['POST', '/dramas', texts('Role')],
    ['PATCH', '/dramas/1', { isCompleted: true }],
    ['POST', '/dramas/1/status', { status: 'draft' }],
    ['GET', '/categories'],
    ['POST', '/categories', { slug: 'role-kind', name: { 'zh-CN': 'a', 'zh-Hant': 'a', 'en-US': 'a' } }],
    ['PUT', '/categories/order', { ids: [] }],
    ['DELETE', '/tags/1'],
    ['GET', '/home-slots/featured'],
    ['PUT', '/home-slots/featured', { dramaIds: [] }],
  ];

  it.each(['support', 'finance'] as OperatorRole[])('refuses %s', async (role) => {
    const caller = await consoleAs(t, role);
    for (const [method, url, payload] of calls) {
      const answer = await consoleCall(method, url, payload, caller);
      expect([answer.status, errorCode(answer)], `${method} ${url}`).toEqual([403, 'OPERATOR_FORBIDDEN']);
    }
    expect(await t.database.db.selectFrom('audit_log').select('id').where('username', '=', caller.operator.username).execute()).toEqual([]);
  });

  it('lets content and the owner in, and nobody without a session', async () => {
    for (const role of ['content', 'owner'] as OperatorRole[]) {
      const caller = await consoleAs(t, role);
      expect((await consoleCall('GET', '/dramas', undefined, caller)).status).toBe(200);
      const created = await consoleCall('POST', '/dramas', texts(role), caller);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = consoleDramaResponseSchema.parse(created.body).data.id;
      expect((await auditRows('drama.create', id))[0]).toMatchObject({ username: caller.operator.username, role, before: null });
    }
    const anonymous = await t.server.inject({ method: 'GET', url: `${CONSOLE}/dramas` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('answers 400 in the envelope, never a 500', async () => {
    const drama = await createDrama('BadInput');
    const base = texts('Bad');
    const cases: Array<[Method, string, unknown]> = [
      ['POST', '/dramas', {}],
      ['POST', '/dramas', { ...base, title: { 'zh-CN': 'a', 'en-US': 'b' } }],
      ['POST', '/dramas', { ...base, title: { ...base.title, 'en-US': '   ' } }],
      ['POST', '/dramas', { ...base, slug: 'Not A Slug' }],
      ['POST', '/dramas', { ...base, tagIds: [1, 1] }],
      ['POST', '/dramas', { ...base, categoryId: 'x' }],
      ['PATCH', `/dramas/${drama.id}`, {}],
      ['PATCH', `/dramas/${drama.id}`, { isCompleted: 'yes' }],
      ['PATCH', '/dramas/abc', { isCompleted: true }],
      ['POST', `/dramas/${drama.id}/status`, { status: 'hidden' }],
      ['POST', `/dramas/${drama.id}/status`, { status: 'scheduled' }],
      ['POST', `/dramas/${drama.id}/status`, { status: 'scheduled', publishAt: 'tomorrow' }],
      ['GET', '/dramas?limit=1000', undefined],
      ['GET', '/dramas?sort=price', undefined],
      ['GET', '/dramas?status=hidden', undefined],
      ['GET', '/dramas?category=-1', undefined],
      ['POST', '/categories', { slug: 'x' }],
      ['PATCH', '/tags/1', { name: { 'zh-CN': '' } }],
      ['PUT', '/categories/order', { ids: 'all' }],
      ['PUT', '/home-slots/featured', { dramaIds: [1, 1] }],
    ];
    for (const [method, url, payload] of cases) {
      const answer = await consoleCall(method, url, payload);
      expect(answer.status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      apiErrorEnvelopeSchema.parse(answer.body);
    }
    const notJson = await t.server.inject({
      method: 'POST',
      url: `${CONSOLE}/dramas`,
      headers: { ...content.headers, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(notJson.statusCode).toBe(400);
    const missing = await consoleCall('PATCH', '/dramas/999999', { isCompleted: true });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'DRAMA_NOT_FOUND']);
  });
});
