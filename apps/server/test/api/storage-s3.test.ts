import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/platform/storage/local-storage.js';
import { S3Storage } from '../../src/platform/storage/s3-storage.js';
import { readText, type Storage, StorageNotFoundError } from '../../src/platform/storage/index.js';
import { useS3Server } from '../support/s3-server.js';

const s3 = useS3Server();
const localRoot = mkdtempSync(path.join(os.tmpdir(), 'drama-storage-'));
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const implementations: Array<[string, () => Storage]> = [
  ['local folder', () => new LocalStorage(localRoot)],
  [
    'S3-compatible',
    () =>
      new S3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(implementations)('storage: %s', (_name, make) => {
  const payload = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));

  it('stores a buffer and a stream, and reads them back whole and by byte range', async () => {
    const storage = make();
    await storage.put('hls/clip-a/360p/seg-000.ts', payload, { contentType: 'video/mp2t' });
    await storage.put('clips/clip-a.mp4', Readable.from([payload.subarray(0, 1000), payload.subarray(1000)]), {
      size: payload.length,
      contentType: 'video/mp4',
    });
    expect(await bytes(await storage.get('hls/clip-a/360p/seg-000.ts'))).toEqual(payload);
    expect(await bytes(await storage.get('clips/clip-a.mp4'))).toEqual(payload);
    expect(await bytes(await storage.get('clips/clip-a.mp4', { start: 100, end: 199 }))).toEqual(payload.subarray(100, 200));
    expect(await bytes(await storage.get('clips/clip-a.mp4', { start: 4000, end: 4095 }))).toEqual(payload.subarray(4000));
  });

  it('tells size and absence with head, and reads small text objects', async () => {
    const storage = make();
    await storage.put('subtitles/1/en.vtt', Buffer.from('WEBVTT\n'), { contentType: 'text/vtt' });
    expect((await storage.head('subtitles/1/en.vtt'))?.size).toBe(7);
    expect(await readText(storage, 'subtitles/1/en.vtt')).toBe('WEBVTT\n');
    expect(await storage.head('subtitles/1/zh.vtt')).toBeNull();
    await expect(storage.get('subtitles/1/zh.vtt')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes one object and whole folders; deleting what is gone is no error', async () => {
    const storage = make();
    await storage.put('hls/clip-b/master.m3u8', Buffer.from('#EXTM3U\n'));
    await storage.put('hls/clip-b/360p/index.m3u8', Buffer.from('#EXTM3U\n'));
    await storage.put('hls/clip-bb/master.m3u8', Buffer.from('#EXTM3U\n'));
    await storage.delete('hls/clip-b/master.m3u8');
    await storage.delete('hls/clip-b/master.m3u8');
    expect(await storage.head('hls/clip-b/master.m3u8')).toBeNull();
    await storage.deletePrefix('hls/clip-b/');
    expect(await storage.head('hls/clip-b/360p/index.m3u8')).toBeNull();
    // A folder's prefix ends at its slash: a sibling whose name starts the same stays.
    expect(await storage.head('hls/clip-bb/master.m3u8')).not.toBeNull();
  });

  it('refuses keys that would leave their folder', async () => {
    const storage = make();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
    await expect(storage.head('clips/../../etc/passwd')).rejects.toThrow(/Not a storage key/);
  });

  it('hands out a time-limited address (S3), or none when the app serves the object itself (local)', async () => {
    const storage = make();
    await storage.put('posters/clip-a.jpg', Buffer.from('jpeg'));
    const url = await storage.signedUrl('posters/clip-a.jpg', 60);
    if (storage.kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    const answer = await fetch(url ?? '');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('jpeg');
  });
});
