import { type FileHandle, open } from 'node:fs/promises';

/**
 * The containers processing takes, named by the ffmpeg demuxer that reads each: MP4/MOV/M4V
 * (`mov`), WebM/Matroska (`matroska`), MPEG program streams (`mpeg`, .mpg) and MPEG transport
 * streams (`mpegts`, .ts) — the formats the upload route admits (VIDEO_UPLOAD_TYPES).
 */
export type Container = 'mov' | 'matroska' | 'mpeg' | 'mpegts';

/** The file is not something processing can make an episode of; retrying will not help. */
export class UnusableMediaError extends Error {
  override name = 'UnusableMediaError';
}

/** Enough of a file's start to see several transport stream packets. */
export const SNIFF_BYTES = 4096;

/** Old QuickTime files may start with any of these boxes instead of `ftyp`. */
const QUICKTIME_BOXES = new Set(['moov', 'wide', 'mdat', 'free', 'skip']);
/** Transport stream packets: plain, with a 4-byte timestamp first (M2TS), with 16 bytes of FEC after. */
const TS_PACKETS = [
  { size: 188, sync: 0 },
  { size: 192, sync: 4 },
  { size: 204, sync: 0 },
] as const;
/** A transport stream shows its sync byte at this many packet starts at least. */
const TS_MIN_PACKETS = 3;

function isTransportStream(head: Buffer): boolean {
  return TS_PACKETS.some(({ size, sync }) => {
    const packets = Math.floor((head.length - sync) / size);
    if (packets < TS_MIN_PACKETS) return false;
    for (let index = 0; index < packets; index += 1) {
      if (head[sync + index * size] !== 0x47) return false;
    }
    return true;
  });
}

/** The container `head` (a file's first SNIFF_BYTES) starts, or null for anything else. */
export function sniffContainer(head: Uint8Array): Container | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length >= 8) {
    const size = bytes.readUInt32BE(0);
    const box = bytes.toString('latin1', 4, 8);
    // A box's size counts its own 8-byte header; 1 says a 64-bit size follows.
    if ((size >= 8 || size === 1) && (box === 'ftyp' || QUICKTIME_BOXES.has(box))) return 'mov';
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x000001ba) return 'mpeg';
  if (isTransportStream(bytes)) return 'mpegts';
  return null;
}

/** What a refused file seems to hold, for the operator's message: the usual disguises are named. */
export function describeContent(head: Uint8Array): string {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1').replace(/^\xEF\xBB\xBF/, '').trimStart();
  if (text.length === 0) return 'nothing (it is empty)';
  if (text.startsWith('#EXTM3U')) return 'an HLS playlist';
  if (text.startsWith('ffconcat')) return 'an ffconcat list';
  if (text.startsWith('<')) return /<MPD[\s>]/i.test(text) ? 'a DASH manifest' : 'an XML or HTML document';
  if (/^[\t\n\r\x20-\x7e\x80-\xff]*$/.test(text)) return 'text';
  return 'data of no video format processing takes';
}

/** Reads `length` bytes of `handle` at `position` (fewer at the end of the file). */
async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

interface Box {
  type: string;
  /** Where the box's content starts (after its header), and where the box ends. */
  start: number;
  end: number;
}

/** Top-level boxes looked at for the movie header; real files have a handful before it. */
const MAX_TOP_BOXES = 10_000;
/** The boxes on the way from the movie header down to each track's data references. */
const PATH_TO_DREF = ['moov', 'trak', 'mdia', 'minf', 'dinf', 'dref'];
/** A data reference entry's flag saying its media is in this very file. */
const SELF_CONTAINED = 0x000001;

/** The boxes between `from` and `to`, by their headers; a box claiming to go past `to` ends the list. */
async function boxesIn(handle: FileHandle, from: number, to: number, limit = Number.POSITIVE_INFINITY): Promise<Box[]> {
  const boxes: Box[] = [];
  for (let offset = from; offset + 8 <= to && boxes.length < limit; ) {
    const header = await readAt(handle, offset, 16);
    if (header.length < 8) break;
    let size = header.readUInt32BE(0);
    let start = offset + 8;
    if (size === 1) {
      if (header.length < 16) break;
      size = Number(header.readBigUInt64BE(8));
      start = offset + 16;
    } else if (size === 0) size = to - offset;
    if (size < start - offset || offset + size > to) break;
    boxes.push({ type: header.toString('latin1', 4, 8), start, end: offset + size });
    offset += size;
  }
  return boxes;
}

/**
 * Why a movie's tracks are not all in the file, or null when they are: a data reference (dref)
 * entry without the self-contained flag names another file or an address to read the media
 * from, and a compressed movie header (cmov) hides its references from this look. ffmpeg is told
 * never to follow references (-enable_drefs 0); such a file is refused all the same, as its media
 * is not what was uploaded.
 */
async function outsideReference(handle: FileHandle, size: number): Promise<string | null> {
  let level = (await boxesIn(handle, 0, size, MAX_TOP_BOXES)).filter((box) => box.type === 'moov');
  for (const type of PATH_TO_DREF.slice(1)) {
    const children: Box[] = [];
    for (const parent of level) {
      const inside = await boxesIn(handle, parent.start, parent.end);
      if (parent.type === 'moov' && inside.some((box) => box.type === 'cmov')) return 'a compressed movie header';
      children.push(...inside.filter((box) => box.type === type));
    }
    level = children;
  }
  for (const dref of level) {
    // Version and flags, then the entry count, then the entries, each a box of its own.
    for (const entry of await boxesIn(handle, dref.start + 8, dref.end)) {
      const flags = entry.end - entry.start >= 4 ? (await readAt(handle, entry.start, 4)).readUInt32BE(0) & 0xffffff : 0;
      if (!(flags & SELF_CONTAINED)) return `a track whose media is read from elsewhere (a "${entry.type.trim()}" data reference)`;
    }
  }
  return null;
}

const REFUSED = 'The file is not a video processing can take';
const FORMATS = 'Upload an MP4, MOV, WebM, Matroska, MPEG or MPEG-TS video.';

/**
 * The container of `file` by its bytes, whatever its name or declared type say; anything else is
 * refused, naming what it seems to be. A playlist, manifest or concat list would have ffmpeg open
 * the addresses it lists, so only containers that hold their media themselves are taken.
 */
export async function containerOf(file: string): Promise<Container> {
  const handle = await open(file, 'r');
  try {
    const head = await readAt(handle, 0, SNIFF_BYTES);
    const container = sniffContainer(head);
    if (!container) throw new UnusableMediaError(`${REFUSED}: it holds ${describeContent(head)}. ${FORMATS}`);
    const outside = container === 'mov' ? await outsideReference(handle, (await handle.stat()).size) : null;
    if (outside) throw new UnusableMediaError(`${REFUSED}: it has ${outside}. ${FORMATS}`);
    return container;
  } finally {
    await handle.close();
  }
}
