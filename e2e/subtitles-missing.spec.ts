import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  API_BASE,
  CONSOLE_UPLOADS_PATH,
  consoleDramaResponseSchema,
  consoleEpisodeListResponseSchema,
  consoleEpisodeResponseSchema,
} from '@drama/contracts';
import { operatorHeaders } from './accounts';
import { tinyClips } from './console/content-support';
import { expect, test } from './fixtures';
import { paintedPng } from './images';
import { clickControl, dramaDetail, expectPlaying, openAs } from './player-support';

/**
 * An episode uploaded with subtitles in zh only, made through the console's own routes with an
 * owner's API token: an unlisted drama (open by link, in no list other tests read) with a cover,
 * one free episode processed from a real clip.
 */
async function dramaWithChineseSubtitlesOnly(request: APIRequestContext): Promise<{ dramaId: number; episodeId: number }> {
  const headers = await operatorHeaders(request);
  const text = `Subtitles zh only ${Date.now().toString(36)}`;
  const created = await request.post(`${API_BASE}/console/dramas`, {
    headers,
    data: { title: { 'zh-CN': text, 'zh-Hant': text, 'en-US': text }, description: { 'zh-CN': text, 'zh-Hant': text, 'en-US': text } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const dramaId = consoleDramaResponseSchema.parse(await created.json()).data.id;

  const cover = await paintedPng(300, 400, (x, y) => [(x * 5) % 256, (y * 3) % 256, 120]);
  const covered = await request.post(`${API_BASE}/console/dramas/${dramaId}/cover?x=0&y=0&width=300&height=400`, {
    headers,
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
  });
  expect(covered.ok(), await covered.text()).toBe(true);

  // The upload protocol (tus 1.0.0) in one chunk, as the console's uploader sends a small file.
  // Long enough that playback is still going however late the test looks at it.
  const clip = readFileSync(tinyClips(1, 30)[0]!);
  const metadata = `filename ${Buffer.from('episode-1.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  const upload = await request.post(CONSOLE_UPLOADS_PATH, {
    headers: { ...headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(clip.length), 'Upload-Metadata': metadata },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const location = upload.headers()['location']!;
  const sent = await request.patch(location, {
    headers: { ...headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: clip,
  });
  expect(sent.status(), await sent.text()).toBe(204);

  const made = await request.post(`${API_BASE}/console/dramas/${dramaId}/episodes`, { headers, data: { uploadIds: [location.split('/').pop()] } });
  expect(made.ok(), await made.text()).toBe(true);
  const episodeId = consoleEpisodeListResponseSchema.parse(await made.json()).data.items[0]!.id;
  await expect
    .poll(
      async () => consoleEpisodeResponseSchema.parse(await (await request.get(`${API_BASE}/console/episodes/${episodeId}`, { headers })).json()).data.mediaStatus,
      { timeout: 60_000 },
    )
    .toBe('ready');

  for (const [method, url, data] of [
    ['PUT', `/console/dramas/${dramaId}/free-episodes`, { count: 1 }],
    ['PUT', `/console/episodes/${episodeId}/subtitles/zh`, { content: 'WEBVTT\n\n00:00.000 --> 00:02.000\n只有中文字幕\n' }],
    ['POST', `/console/dramas/${dramaId}/status`, { status: 'unlisted' }],
  ] as const) {
    const response = await request.fetch(`${API_BASE}${url}`, { method, headers, data });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return { dramaId, episodeId };
}

test('an episode without English subtitles plays in English without asking for them, and offers only its own language', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { dramaId, episodeId } = await dramaWithChineseSubtitlesOnly(request);
  const episode = (await dramaDetail(request, dramaId)).episodes.find((candidate) => candidate.id === episodeId);
  expect(episode?.subtitleLanguages).toEqual(['zh']);

  const subtitleRequests: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('.vtt')) subtitleRequests.push(sent.url());
  });
  // An English interface whose viewer never chose a language: subtitles would be English.
  await openAs(page, { locale: 'en-US' });
  await page.goto(`/player/${dramaId}?episode=${episodeId}`);
  await expectPlaying(page, episodeId);
  // Subtitles are fetched once the first frame is up; give a request the time it would take.
  await page.waitForTimeout(1_500);
  expect(subtitleRequests.filter((url) => url.includes('.en.vtt'))).toEqual([]);
  await expect(page.getByTestId('subtitle')).toHaveCount(0);

  // The menu lists the episode's one language (and the switch to turn subtitles off), nothing else.
  await clickControl(page, 'action-subtitles');
  const sheet = page.getByTestId('subtitle-sheet');
  await expect(sheet.getByTestId('subtitle-toggle')).toBeVisible();
  await expect(sheet.getByTestId('subtitle-language-zh')).toBeVisible();
  await expect(sheet.getByTestId('subtitle-language-en')).toHaveCount(0);
  await expect(sheet.getByTestId('subtitle-language-zh-Hant')).toHaveCount(0);

  // Choosing it asks for that file, which exists.
  await sheet.getByTestId('subtitle-language-zh').click();
  await expect.poll(() => subtitleRequests.some((url) => url.includes(`/media/episodes/${episodeId}/`) && url.includes('.zh.vtt'))).toBe(true);
  expect(subtitleRequests.filter((url) => url.includes('.en.vtt'))).toEqual([]);
});
