import {
  adminDramaImportResponseSchema,
  type AdminDramaImportBody,
  apiPaths,
  categoryListResponseSchema,
  consoleSettingsResponseSchema,
  dramaDetailResponseSchema,
  dramaListResponseSchema,
  playInfoResponseSchema,
  searchResponseSchema,
  systemSettingsResponseSchema,
} from '@drama/contracts';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient, TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { adminAuth } from '../support/admin-auth.js';
import { buildUser } from '../support/factories.js';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
const api = accountClient(t);

const EN = { 'accept-language': 'en-US' };

/** The operator's command's call: an owner's API token on the console's route. */
async function admin(method: 'GET' | 'POST' | 'PATCH', route: string, body?: unknown) {
  const response = await t.server.inject({
    method,
    url: `/api/v1${route}`,
    headers: await adminAuth(t),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function publicSettings(locale = 'zh-CN') {
  const answer = await api.call('GET', apiPaths.settings(), { headers: { 'accept-language': locale } });
  expect(answer.status).toBe(200);
  return systemSettingsResponseSchema.parse(answer.body).data;
}

describe("the operator's content calls need an operator's token", () => {
  it.each([
    ['GET', apiPaths.consoleSettings(), undefined],
    ['PATCH', apiPaths.consoleSettings(), { siteName: 'Hijacked' }],
    ['GET', apiPaths.consoleFeedback(), undefined],
    ['POST', apiPaths.consoleFeedbackReply(1), { content: 'hi' }],
    ['POST', apiPaths.consoleFeedbackClose(1), undefined],
    ['POST', apiPaths.consoleDramaImport(), { dramas: [] }],
  ] as const)('%s %s', async (method, route, body) => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    for (const headers of [{}, { authorization: `Bearer ${member.token}` }, { authorization: 'Bearer nope-nope-nope' }]) {
      const response = await t.server.inject({
        method,
        url: `/api/v1${route}`,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'OPERATOR_UNAUTHENTICATED' });
    }
    expect((await publicSettings()).siteName).not.toBe('Hijacked');
  });
});

describe('system settings', () => {
  it("answers each locale with its own legal texts and tagline, and the default locale's where it has none", async () => {
    const chinese = await publicSettings('zh-CN');
    const english = await publicSettings('en-US');
    const traditional = await publicSettings('zh-Hant');
    // The seeded demo texts: English, Traditional and Simplified Chinese, each with the placeholders.
    expect(english.userAgreement).toMatch(/^Welcome to \{platformName\}/);
    expect(english.privacyPolicy).toContain('{contact}');
    expect(english.privacyPolicy).not.toMatch(/[\u4e00-\u9fff]/);
    expect(english.siteDescription).toBe('Bite-sized dramas, one swipe at a time.');
    expect(traditional.userAgreement).toContain('歡迎使用{platformName}');
    expect(traditional.privacyPolicy).toContain('個人資料');
    expect(chinese.userAgreement).toContain('欢迎使用{platformName}');
    expect(chinese.privacyPolicy).not.toBe(english.privacyPolicy);
    // The product's name is written in each reader's language, so are the texts' {platformName}.
    expect([chinese.siteName, traditional.siteName, english.siteName]).toEqual(['星河短剧', '星河短劇', 'Starriver Shorts']);
    // The other settings are one for all.
    expect({ ...english, siteName: '', userAgreement: '', privacyPolicy: '', siteDescription: '' }).toEqual({
      ...chinese,
      siteName: '',
      userAgreement: '',
      privacyPolicy: '',
      siteDescription: '',
    });
    const response = await t.server.inject({ url: `/api/v1${apiPaths.settings()}`, headers: { 'accept-language': 'en-US' } });
    expect(response.headers.vary).toMatch(/Accept-Language/i);
  });

  it('reads them, and a change shows in GET /client/settings at once', async () => {
    const before = await publicSettings(); // warms the public cache
    const read = consoleSettingsResponseSchema.parse((await admin('GET', apiPaths.consoleSettings())).body).data;
    const { translations, ...defaults } = read;
    expect(defaults).toEqual(before);

    const agreement = 'User agreement\n\n1. Terms\nContact {contact} at {platformName}.';
    const changed = await admin('PATCH', apiPaths.consoleSettings(), {
      siteName: 'Starlight Shorts',
      userAgreement: agreement,
      followSystemTheme: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(consoleSettingsResponseSchema.parse(changed.body).data).toEqual({
      ...before,
      translations,
      siteName: 'Starlight Shorts',
      userAgreement: agreement,
      followSystemTheme: false,
    });

    const after = await publicSettings();
    expect(after).toMatchObject({ siteName: 'Starlight Shorts', userAgreement: agreement, followSystemTheme: false });
    // A name the operator chose is theirs: every language shows it as written.
    expect((await publicSettings('en-US')).siteName).toBe('Starlight Shorts');
    expect((await publicSettings('zh-Hant')).siteName).toBe('Starlight Shorts');
    expect(after.privacyPolicy).toBe(before.privacyPolicy);
    expect(after.contact).toBe(before.contact);
  });

  it('refuses unknown keys and wrong types, changing nothing', async () => {
    const before = await publicSettings();
    const englishBefore = await publicSettings('en-US');
    for (const body of [
      { siteTitle: 'x' },
      { siteName: 42 },
      { followSystemTheme: 'yes' },
      { siteName: 'ok', evil: true },
      [],
      { translations: { fr: { userAgreement: 'Conditions' } } },
      { translations: { 'zh-CN': { userAgreement: '协议' } } },
      { translations: { 'en-US': { userAgreement: 42 } } },
      { translations: { 'en-US': { siteName: 'Other' } } },
      { translations: { 'en-US': 'Terms' } },
      { translations: [] },
    ]) {
      api.refused(await admin('PATCH', apiPaths.consoleSettings(), body), 400, 'VALIDATION_FAILED');
    }
    expect(await publicSettings()).toEqual(before);
    expect(await publicSettings('en-US')).toEqual(englishBefore);
  });

  it('lets the operator set one text of one locale, keeping the rest, and an emptied text falls back', async () => {
    const before = await publicSettings('zh-CN');
    const englishBefore = await publicSettings('en-US'); // warms the cache the change must drop
    const changed = await admin('PATCH', apiPaths.consoleSettings(), {
      translations: { 'en-US': { privacyPolicy: 'Privacy\nWe keep little. Ask {contact}.' }, 'zh-Hant': { siteDescription: '一滑就追劇。' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const read = consoleSettingsResponseSchema.parse(changed.body).data;
    expect(read.translations['en-US']).toMatchObject({
      privacyPolicy: 'Privacy\nWe keep little. Ask {contact}.',
      userAgreement: englishBefore.userAgreement,
    });
    expect(read.translations['zh-Hant'].siteDescription).toBe('一滑就追劇。');

    expect(await publicSettings('en-US')).toEqual({ ...englishBefore, privacyPolicy: 'Privacy\nWe keep little. Ask {contact}.' });
    expect((await publicSettings('zh-Hant')).siteDescription).toBe('一滑就追劇。');
    expect(await publicSettings('zh-CN')).toEqual(before);

    // A locale without its own text shows the default locale's.
    await admin('PATCH', apiPaths.consoleSettings(), { translations: { 'en-US': { userAgreement: '  ' } } });
    expect((await publicSettings('en-US')).userAgreement).toBe(before.userAgreement);
    // A language the site has no texts for gets the locale the request resolves to.
    const unknown = await api.call('GET', apiPaths.settings(), { headers: { 'accept-language': 'zh-TW' } });
    expect(systemSettingsResponseSchema.parse(unknown.body).data.siteDescription).toBe('一滑就追劇。');
  });
});

const NEW_DRAMA: AdminDramaImportBody['dramas'][number] = {
  slug: 'midnight-lighthouse',
  title: { 'zh-CN': '午夜灯塔', 'zh-Hant': '午夜燈塔', 'en-US': 'Midnight Lighthouse Keeper' },
  description: {
    'zh-CN': '灯塔守护者在暴风雨之夜救起了一位神秘的陌生人。',
    'zh-Hant': '燈塔守護者在暴風雨之夜救起了一位神秘的陌生人。',
    'en-US': 'On a stormy night the lighthouse keeper pulls a mysterious stranger from the sea.',
  },
  category: 'coastal-mystery',
  tags: ['sea-story', 'suspense-twist'],
  coverPath: 'cold-palace-consort.jpg',
  episodes: [
    { sequence: 1, isFree: true, durationSeconds: 45, mediaKey: 'cold-palace-consort-ep01' },
    { sequence: 2, isFree: true, durationSeconds: 32, mediaKey: 'cold-palace-consort-ep02' },
    { sequence: 3, isFree: false, durationSeconds: 40, mediaKey: 'cold-palace-consort-vip-a' },
  ],
};

const CATALOGUE: AdminDramaImportBody = {
  categories: [
    { slug: 'coastal-mystery', name: { 'zh-CN': '海岸悬疑', 'zh-Hant': '海岸懸疑', 'en-US': 'Coastal Mystery' } },
  ],
  tags: [
    { slug: 'sea-story', name: { 'zh-CN': '大海', 'zh-Hant': '大海', 'en-US': 'Sea' } },
    { slug: 'suspense-twist', name: { 'zh-CN': '反转', 'zh-Hant': '反轉', 'en-US': 'Twist' } },
  ],
  dramas: [NEW_DRAMA],
};

async function latestDramas() {
  const answer = await api.call('GET', `${apiPaths.dramas()}?sort=latest&limit=50`, { headers: EN });
  return dramaListResponseSchema.parse(answer.body).data.items;
}

describe('POST /console/dramas/import', () => {
  it('creates a drama that is listed, searchable and playable at once, and re-importing it changes nothing', async () => {
    // Warm the catalogue caches: the import must drop them.
    expect((await latestDramas()).map((drama) => drama.title)).not.toContain('Midnight Lighthouse Keeper');

    const first = await admin('POST', apiPaths.consoleDramaImport(), CATALOGUE);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const result = adminDramaImportResponseSchema.parse(first.body).data;
    expect(result).toMatchObject({ created: 1, updated: 0 });
    const [created] = result.dramas;
    expect(created).toMatchObject({ slug: 'midnight-lighthouse', action: 'created', episodeCount: 3, freeEpisodeCount: 2 });
    const id = created?.id ?? 0;

    const listed = (await latestDramas()).find((drama) => drama.id === id);
    expect(listed).toMatchObject({
      title: 'Midnight Lighthouse Keeper',
      category: { slug: 'coastal-mystery', name: 'Coastal Mystery' },
      episodeCount: 3,
      freeEpisodeCount: 2,
      coverUrl: '/media/covers/cold-palace-consort.jpg',
    });
    expect(listed?.tags.map((tag) => tag.slug).sort()).toEqual(['sea-story', 'suspense-twist']);
    const categories = categoryListResponseSchema.parse((await api.call('GET', apiPaths.categories(), { headers: EN })).body).data;
    expect(categories.items.find((category) => category.slug === 'coastal-mystery')?.dramaCount).toBe(1);

    const detail = dramaDetailResponseSchema.parse((await api.call('GET', apiPaths.drama(id), { headers: EN })).body).data;
    expect(detail.episodes.map((episode) => [episode.sequence, episode.isFree])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    const firstEpisode = detail.episodes[0];
    const play = playInfoResponseSchema.parse((await api.call('GET', apiPaths.play(firstEpisode?.id ?? 0))).body).data;
    const video = await t.server.inject({ url: play.playUrl, headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toMatch(/video\/mp4/);
    const locked = await api.call('GET', apiPaths.play(detail.episodes[2]?.id ?? 0));
    expect(locked.status).toBe(401);

    const search = await api.call('GET', `${apiPaths.search()}?keyword=${encodeURIComponent('灯塔')}`, { headers: EN });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(searchResponseSchema.parse(search.body).data.items.map((hit) => hit.drama.id)).toContain(id);

    const again = await admin('POST', apiPaths.consoleDramaImport(), CATALOGUE);
    const second = adminDramaImportResponseSchema.parse(again.body).data;
    expect(second).toMatchObject({ created: 0, updated: 1, dramas: [{ id, action: 'updated', episodeCount: 3 }] });
    const sameDetail = dramaDetailResponseSchema.parse((await api.call('GET', apiPaths.drama(id), { headers: EN })).body).data;
    expect(sameDetail.episodes.map((episode) => episode.id)).toEqual(detail.episodes.map((episode) => episode.id));
    const count = await t.database.db
      .selectFrom('dramas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slug', '=', 'midnight-lighthouse')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('updates an existing drama by slug: texts, tags and episodes by sequence, keeping episode ids and engagement', async () => {
    const slug = 'harbour-lights';
    const base = { ...NEW_DRAMA, slug, category: null, tags: ['sea-story'] };
    const created = adminDramaImportResponseSchema.parse(
      (await admin('POST', apiPaths.consoleDramaImport(), { ...CATALOGUE, dramas: [base] })).body,
    ).data.dramas[0];
    const id = created?.id ?? 0;
    const before = dramaDetailResponseSchema.parse((await api.call('GET', apiPaths.drama(id), { headers: EN })).body).data;
    await t.database.db.updateTable('dramas').set({ view_count: 500 }).where('id', '=', id).execute();

    const changed = {
      ...base,
      title: { ...base.title, 'en-US': 'Harbour Lights Returns' },
      tags: ['suspense-twist'],
      completed: true,
      episodes: [
        { sequence: 3, isFree: true, durationSeconds: 41, mediaKey: 'cold-palace-consort-ep03' },
        { sequence: 4, isFree: false, durationSeconds: 50, mediaKey: 'cold-palace-consort-vip-b' },
      ],
    };
    const answer = adminDramaImportResponseSchema.parse(
      (await admin('POST', apiPaths.consoleDramaImport(), { ...CATALOGUE, dramas: [changed] })).body,
    ).data;
    expect(answer.dramas).toMatchObject([{ id, action: 'updated', episodeCount: 4, freeEpisodeCount: 3 }]);

    const after = dramaDetailResponseSchema.parse((await api.call('GET', apiPaths.drama(id), { headers: EN })).body).data;
    expect(after).toMatchObject({ title: 'Harbour Lights Returns', isCompleted: true, viewCount: 500, episodeCount: 4 });
    expect(after.tags.map((tag) => tag.slug)).toEqual(['suspense-twist']);
    expect(after.episodes.slice(0, 3).map((episode) => episode.id)).toEqual(before.episodes.map((episode) => episode.id));
    expect(after.episodes.map((episode) => [episode.sequence, episode.isFree, episode.durationSeconds])).toEqual([
      [1, true, 45],
      [2, true, 32],
      [3, true, 41],
      [4, false, 50],
    ]);
  });

  it('refuses unknown categories and tags, naming them, and applies nothing of a failed import', async () => {
    const good = { ...NEW_DRAMA, slug: 'first-of-two', category: null, tags: [] };
    const bad = { ...NEW_DRAMA, slug: 'second-of-two', category: 'no-such-category', tags: ['no-such-tag'] };
    const answer = await admin('POST', apiPaths.consoleDramaImport(), { dramas: [good, bad] });
    const details = api.refused(answer, 400, 'VALIDATION_FAILED') as unknown as Array<{ path: string; message: string }>;
    expect(details.map((problem) => problem.path)).toEqual(['dramas.1.category', 'dramas.1.tags.0']);
    expect(details[0]?.message).toContain('no-such-category');
    const rows = await t.database.db.selectFrom('dramas').select('slug').where('slug', 'in', ['first-of-two', 'second-of-two']).execute();
    expect(rows).toEqual([]);
  });

  it('refuses media that is not under MEDIA_DIR', async () => {
    const drama = {
      ...NEW_DRAMA,
      slug: 'missing-media',
      category: null,
      tags: [],
      coverPath: 'nowhere.jpg',
      episodes: [{ sequence: 1, isFree: true, durationSeconds: 10, mediaKey: 'no-such-clip' }],
    };
    const details = api.refused(
      await admin('POST', apiPaths.consoleDramaImport(), { dramas: [drama] }),
      400,
      'VALIDATION_FAILED',
    ) as unknown as Array<{ path: string }>;
    expect(details.map((problem) => problem.path)).toEqual(['dramas.0.coverPath', 'dramas.0.episodes.0.mediaKey']);
  });

  it('validates the catalogue', async () => {
    const cases: unknown[] = [
      { dramas: [] },
      { dramas: [{ ...NEW_DRAMA, slug: 'Not A Slug' }] },
      { dramas: [{ ...NEW_DRAMA, title: { 'zh-CN': '只有中文' } }] },
      { dramas: [{ ...NEW_DRAMA, coverPath: '../../data/admin-token' }] },
      { dramas: [{ ...NEW_DRAMA, coverPath: '/etc/passwd.jpg' }] },
      { dramas: [{ ...NEW_DRAMA, episodes: [] }] },
      { dramas: [{ ...NEW_DRAMA, episodes: [NEW_DRAMA.episodes[0], NEW_DRAMA.episodes[0]] }] },
      { dramas: [{ ...NEW_DRAMA, episodes: [{ ...NEW_DRAMA.episodes[0], mediaKey: '../clips/x' }] }] },
      // Paths that another layer could read as something else: encoded, Windows-style, cut short.
      ...['%2e%2e/%2e%2e/data/jwt-secret.jpg', 'covers%2f..%2fx.jpg', 'imports\\..\\x.jpg', 'x.jpg\u0000.png', './x.jpg', 'a//x.jpg', 'C:x.jpg'].map(
        (coverPath) => ({ dramas: [{ ...NEW_DRAMA, coverPath }] }),
      ),
      ...['%2e%2e', 'a%2fb', 'a\\b', 'a\u0000b', '/etc/passwd', '..', '.hidden'].map((mediaKey) => ({
        dramas: [{ ...NEW_DRAMA, episodes: [{ ...NEW_DRAMA.episodes[0], mediaKey }] }],
      })),
      { dramas: [{ ...NEW_DRAMA, episodes: [{ ...NEW_DRAMA.episodes[0], sequence: 0 }] }] },
      { dramas: [NEW_DRAMA, NEW_DRAMA] },
    ];
    for (const body of cases) {
      api.refused(await admin('POST', apiPaths.consoleDramaImport(), body), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('POST /console/dramas/import: media must be regular files inside MEDIA_DIR', () => {
  // An app of its own, on a MEDIA_DIR of its own: the links planted here must not touch the
  // repository's media, nor the other tests.
  let hostile: TestApp;
  let work: string;
  const SECRET = 'jwt-signing-secret-that-must-never-be-served-0123456789';
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
  const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'drama-import-media-'));
    const media = path.join(work, 'media');
    const outside = path.join(work, 'data');
    const at = (...parts: string[]) => path.join(media, ...parts);
    for (const dir of [at('covers'), at('clips'), at('hls', 'segment-leak', '360p'), path.join(outside, 'hls')]) {
      mkdirSync(dir, { recursive: true });
    }
    writeFileSync(path.join(outside, 'jwt-secret'), SECRET);
    writeFileSync(path.join(outside, 'poster.jpg'), JPEG);
    writeFileSync(path.join(outside, 'hls', 'master.m3u8'), '#EXTM3U\n');

    writeFileSync(at('covers', 'sound.jpg'), JPEG);
    writeFileSync(at('clips', 'sound-ep01.mp4'), MP4);
    // The finding: a cover that is a link to the secret.
    symlinkSync(path.join(outside, 'jwt-secret'), at('covers', 'leak.jpg'));
    // A link that stays inside is refused all the same.
    symlinkSync(at('covers', 'sound.jpg'), at('covers', 'alias.jpg'));
    mkdirSync(at('covers', 'folder.jpg'));
    // A linked folder on the way out: covers/linked/poster.jpg is really outside.
    symlinkSync(outside, at('covers', 'linked'));
    symlinkSync(path.join(outside, 'jwt-secret'), at('clips', 'leak-ep01.mp4'));
    // A sound clip whose subtitles leak: the subtitle route would serve them.
    writeFileSync(at('clips', 'subtitle-leak-ep01.mp4'), MP4);
    symlinkSync(path.join(outside, 'jwt-secret'), at('clips', 'subtitle-leak-ep01.en.vtt'));
    // A sound master playlist whose segment leaks.
    writeFileSync(at('hls', 'segment-leak', 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(at('hls', 'segment-leak', '360p', 'index.m3u8'), '#EXTM3U\n');
    symlinkSync(path.join(outside, 'jwt-secret'), at('hls', 'segment-leak', '360p', 'seg-000.ts'));
    symlinkSync(path.join(outside, 'hls'), at('hls', 'folder-leak'));

    hostile = await createTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, MEDIA_DIR: media });
  });
  afterAll(async () => {
    await hostile.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function importInto(drama: AdminDramaImportBody['dramas'][number]) {
    const response = await hostile.server.inject({
      method: 'POST',
      url: `/api/v1${apiPaths.consoleDramaImport()}`,
      headers: await adminAuth(hostile, 'content'),
      payload: { dramas: [drama] },
    });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  const drama = (slug: string, coverPath: string, mediaKey: string): AdminDramaImportBody['dramas'][number] => ({
    ...NEW_DRAMA,
    slug,
    category: null,
    tags: [],
    coverPath,
    episodes: [{ sequence: 1, isFree: true, durationSeconds: 10, mediaKey }],
  });

  it('imports media that is sound', async () => {
    const answer = await importInto(drama('sound-drama', 'sound.jpg', 'sound-ep01'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it.each([
    ['a cover linked to the secret', 'leak.jpg', 'sound-ep01', 'coverPath', /covers\/leak\.jpg is a symbolic link/],
    ['a cover linked inside MEDIA_DIR', 'alias.jpg', 'sound-ep01', 'coverPath', /covers\/alias\.jpg is a symbolic link/],
    ['a cover that is a folder', 'folder.jpg', 'sound-ep01', 'coverPath', /covers\/folder\.jpg is not a regular file/],
    ['a cover through a linked folder', 'linked/poster.jpg', 'sound-ep01', 'coverPath', /covers\/linked\/poster\.jpg leads outside MEDIA_DIR\/covers/],
    ['a clip linked to the secret', 'sound.jpg', 'leak-ep01', 'episodes.0.mediaKey', /clips\/leak-ep01\.mp4 is a symbolic link/],
    ['a clip whose subtitles are a link', 'sound.jpg', 'subtitle-leak-ep01', 'episodes.0.mediaKey', /clips\/subtitle-leak-ep01\.en\.vtt is a symbolic link/],
    ['HLS whose segment is a link', 'sound.jpg', 'segment-leak', 'episodes.0.mediaKey', /hls\/segment-leak\/360p\/seg-000\.ts is a symbolic link/],
    ['an HLS folder that is a link', 'sound.jpg', 'folder-leak', 'episodes.0.mediaKey', /hls\/folder-leak is a symbolic link/],
  ])('refuses %s, writing nothing', async (_name, coverPath, mediaKey, where, message) => {
    const slug = `refused-${mediaKey}-${coverPath.replace(/[^a-z0-9]+/g, '-')}`;
    const answer = await importInto(drama(slug, coverPath, mediaKey));
    const details = api.refused(answer, 400, 'VALIDATION_FAILED') as unknown as Array<{ path: string; message: string }>;
    expect(details).toEqual([{ in: 'body', path: `dramas.0.${where}`, message: expect.stringMatching(message) as string }]);
    const rows = await hostile.database.db.selectFrom('dramas').select('slug').where('slug', '=', slug).execute();
    expect(rows).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the feedback, upload, vitals and operator content calls', async () => {
    const response = await t.server.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, unknown>> };
    const expected: Array<[string, string]> = [
      ['/api/v1/client/feedback', 'post'],
      ['/api/v1/client/feedback', 'get'],
      ['/api/v1/client/feedback/{id}', 'get'],
      ['/api/v1/client/uploads', 'post'],
      ['/api/v1/client/vitals', 'post'],
      ['/api/v1/console/settings', 'patch'],
      ['/api/v1/console/feedback', 'get'],
      ['/api/v1/console/feedback/{id}/reply', 'post'],
      ['/api/v1/console/feedback/{id}/close', 'post'],
      ['/api/v1/console/dramas/import', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/media/uploads'))).toBe(false);
  });
});
