import { AppError } from '../../platform/errors.js';

/**
 * Where a scroll of the popular order stands: the (score, id) of the last drama served, and when
 * that order began (`startedAt`, epoch ms, the database's clock), which later pages need to
 * never serve a drama twice (queries.ts). `seenAt` is the latest read of the catalogue any page
 * of the scroll came from, when later than `startedAt`: an instance whose read is older catches
 * up before it answers, or a drama that rose into an earlier page there would still sit below
 * the cursor here and come again. `exclude` is there only when a personalised scroll came
 * before: the dramas it served, which the popular order then leaves out.
 */
export interface PopularCursor {
  score: number;
  id: number;
  startedAt: number;
  seenAt?: number;
  exclude?: number[];
}

/**
 * Where the personalised start of a member's scroll stands: the dramas of their list it served
 * (PERSONAL_FEED_SIZE at most). Later pages serve the list's other dramas, then the popular order
 * without these, so no drama comes twice even when the list is recomputed mid-scroll.
 */
export interface PersonalCursor {
  personal: true;
  served: number[];
}

export type ExploreCursor = PopularCursor | PersonalCursor;

/** The most dramas the personalised start of one scroll serves (bounds the cursor's size). */
export const PERSONAL_FEED_SIZE = 20;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_ID = 2_147_483_647;
/** Epoch ms of 1 Jan 2000 and 1 Jan 3000: anything else was not made by this server. */
const EARLIEST = 946_684_800_000;
const LATEST = 32_503_680_000_000;

/**
 * Opaque to the client: base64url of a small JSON array, `[score, id, startedAt]`, with
 * `seenAt` after `startedAt` when later, then `[excluded ids]` when any; or `["p", [served ids]]`.
 */
export function encodeCursor(cursor: ExploreCursor): string {
  if ('personal' in cursor) return Buffer.from(JSON.stringify(['p', cursor.served])).toString('base64url');
  const array: unknown[] = [cursor.score, cursor.id, cursor.startedAt];
  if (cursor.seenAt !== undefined && cursor.seenAt > cursor.startedAt) array.push(cursor.seenAt);
  if (cursor.exclude && cursor.exclude.length > 0) array.push(cursor.exclude);
  return Buffer.from(JSON.stringify(array)).toString('base64url');
}

function isInstant(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= EARLIEST && value <= LATEST;
}

function malformed(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this feed gave out', [
    { in: 'querystring', path: 'cursor', message: 'malformed cursor' },
  ]);
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

function ids(value: unknown): number[] {
  if (!Array.isArray(value) || value.length > PERSONAL_FEED_SIZE || !value.every(isId)) throw malformed();
  if (new Set(value).size !== value.length) throw malformed();
  return value;
}

/** The cursor, or 400 VALIDATION_FAILED for anything this server did not make. */
export function decodeCursor(text: string): ExploreCursor {
  if (!BASE64URL.test(text)) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (!Array.isArray(parsed)) throw malformed();
  if (parsed.length === 2 && parsed[0] === 'p') return { personal: true, served: ids(parsed[1]) };
  if (parsed.length < 3 || parsed.length > 5) throw malformed();
  const [score, id, startedAt, ...rest] = parsed as unknown[];
  if (typeof score !== 'number' || !Number.isFinite(score)) throw malformed();
  if (!isId(id)) throw malformed();
  if (!isInstant(startedAt)) throw malformed();
  const cursor: PopularCursor = { score, id, startedAt };
  if (typeof rest[0] === 'number') {
    const seenAt = rest.shift();
    if (!isInstant(seenAt) || seenAt <= startedAt) throw malformed();
    cursor.seenAt = seenAt;
  }
  if (rest.length > 1) throw malformed();
  if (rest.length === 1) {
    const excluded = ids(rest[0]);
    if (excluded.length === 0) throw malformed();
    cursor.exclude = excluded;
  }
  return cursor;
}
