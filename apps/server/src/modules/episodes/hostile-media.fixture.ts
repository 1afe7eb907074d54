/**
 * Files that pose as videos but would have ffmpeg open an address, for the tests of processing:
 * each names `url`, which a test points at a listener of its own.
 */

/** An MPEG-DASH manifest whose media is at `url`. */
export function dashManifest(url: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <BaseURL>${url}</BaseURL>
  <Period>
    <AdaptationSet mimeType="video/mp4">
      <Representation id="1" bandwidth="100000" width="240" height="426" codecs="avc1.42c01e"><BaseURL>video.mp4</BaseURL></Representation>
    </AdaptationSet>
  </Period>
</MPD>
`);
}

/** An HLS playlist of one segment at `url`. */
export function hlsPlaylist(url: string): Buffer {
  return Buffer.from(`#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${url}\n#EXT-X-ENDLIST\n`);
}

/** An ffconcat list of one file at `url`. */
export function concatList(url: string): Buffer {
  return Buffer.from(`ffconcat version 1.0\nfile ${url}\nduration 2\n`);
}

const ANCESTORS = ['moov', 'trak', 'mdia', 'minf', 'dinf'];

function box(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

/** A data reference (dref) naming `url`, without the flag that says the media is in the file. */
function externalDref(url: string): Buffer {
  const entry = box('url ', Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from(`${url}\0`, 'latin1')]));
  return box('dref', Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), entry]));
}

/** The boxes of `data`, each rebuilt: those on the way to a dref recursively, the dref replaced. */
function rewrite(data: Buffer, url: string, depth: number): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset + 8 <= data.length; ) {
    const size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (size < 8 || size === 1) throw new Error(`box ${type} of size ${size}: not a layout this fixture rewrites`);
    const content = data.subarray(offset + 8, offset + size);
    if (type === 'dref') parts.push(externalDref(url));
    else if (type === ANCESTORS[depth]) parts.push(box(type, rewrite(content, url, depth + 1)));
    else parts.push(data.subarray(offset, offset + size));
    offset += size;
  }
  return Buffer.concat(parts);
}

/**
 * `mp4` (a real one, its movie header after the media, as ffmpeg writes by default) with every
 * track's data reference pointing at `url` instead of the file itself. The media offsets stay
 * right, as only the movie header at the end grows.
 */
export function withExternalReference(mp4: Buffer, url: string): Buffer {
  let last = '';
  for (let offset = 0; offset + 8 <= mp4.length; offset += Math.max(8, mp4.readUInt32BE(offset))) last = mp4.toString('latin1', offset + 4, offset + 8);
  if (last !== 'moov') throw new Error('the movie header must be the last box');
  return rewrite(mp4, url, 0);
}
