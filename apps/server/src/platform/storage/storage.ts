import type { Readable } from 'node:stream';

/** What the storage knows of an object. */
export interface StoredObjectInfo {
  size: number;
  contentType: string | undefined;
  etag: string | undefined;
  modifiedAt: Date | undefined;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string;
  /** The length of a stream body; S3 needs it to take a stream without buffering it. */
  size?: number;
}

/**
 * Where uploaded media, HLS ladders, posters and subtitles live: a local folder on one machine, or
 * S3-compatible object storage shared by every instance. Keys are slash-separated relative names
 * (`hls/<key>/360p/seg-000.ts`); nothing outside this interface touches the files.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;
  /** The object's bytes, or only `range`; StorageNotFoundError when it is not there. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Removes one object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: end it with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A time-limited address the object can be fetched from directly (S3), or null when it is
   * served through the app (local): the media routes then stream it themselves.
   */
  signedUrl(key: string, expiresInSeconds: number): Promise<string | null>;
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

const KEY = /^[A-Za-z0-9_][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/** Keys come from the app, never from a request as they are; still, one that could leave its folder is refused. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.length > 512 || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix is a key, or a key and a trailing `/`. */
export function assertPrefix(prefix: string): string {
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** Reads a whole (small) object: a playlist, a subtitle file. */
export async function readText(storage: Storage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
