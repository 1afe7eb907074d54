import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/support/media-clips.js';
import { mediaTools } from './ffmpeg.js';
import { concatList, dashManifest, hlsPlaylist, withExternalReference } from './hostile-media.fixture.js';
import { UnusableMediaError } from './probe.js';
import { ladderFor, transcode } from './transcode.js';

describe('the HLS ladder for a source', () => {
  it('keeps the rungs a vertical source can fill, named for their short side, 9:16 kept', () => {
    expect(ladderFor({ width: 720, height: 1280 }, [360, 540, 720]).map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ['360p', 360, 640],
      ['540p', 540, 960],
      ['720p', 720, 1280],
    ]);
    expect(ladderFor({ width: 540, height: 960 }, [360, 540, 720]).map((rung) => rung.name)).toEqual(['360p', '540p']);
  });

  it('scales a landscape source by its height, and gives a source smaller than every rung one of its own size', () => {
    expect(ladderFor({ width: 1920, height: 1080 }, [360, 720]).map((rung) => [rung.width, rung.height])).toEqual([
      [640, 360],
      [1280, 720],
    ]);
    expect(ladderFor({ width: 201, height: 357 }, [360]).map((rung) => [rung.name, rung.width, rung.height])).toEqual([['202p', 202, 358]]);
  });
});

describe('transcoding a file', () => {
  let work: string;
  let clip: string;
  let listener: Server;
  let connections = 0;
  let url = '';
  const tools = mediaTools({});

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'drama-transcode-'));
    clip = await makeClip(path.join(work, 'clip.mp4'));
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/video.mp4`;
  }, 30_000);
  beforeEach(() => {
    connections = 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('probes a real MP4 and makes the MP4, the poster and every rung of it', async () => {
    const result = await transcode(tools, clip, path.join(work, 'out'), { ladder: [144, 240] });
    expect(result.probe).toMatchObject({ width: 240, height: 426, hasAudio: true });
    expect(result.probe.durationSeconds).toBeCloseTo(2, 0);
    expect(result.rungs.map((rung) => rung.name)).toEqual(['144p', '240p']);
    expect(result.files).toEqual(expect.arrayContaining(['video.mp4', 'poster.jpg', 'hls/144p/index.m3u8', 'hls/240p/seg-000.ts', 'hls/master.m3u8']));
    expect(readFileSync(path.join(work, 'out', 'video.mp4')).toString('latin1', 4, 8)).toBe('ftyp');
  }, 30_000);

  it.each([
    ['a DASH manifest', () => dashManifest(url)],
    ['an HLS playlist', () => hlsPlaylist(url)],
    ['an ffconcat list', () => concatList(url)],
    ['an MP4 whose tracks refer to an address', () => withExternalReference(readFileSync(clip), url)],
  ])('refuses %s named .mp4, opening none of its addresses', async (name, bytes) => {
    const file = path.join(work, `${name.replaceAll(' ', '-')}.mp4`);
    writeFileSync(file, bytes());
    const outcome = await transcode(tools, file, path.join(work, `out-${name}`), { ladder: [144] }).catch((error: unknown) => error);
    expect(connections).toBe(0);
    expect(outcome).toBeInstanceOf(UnusableMediaError);
  });
});
