import { AppError } from '../../platform/errors.js';

/**
 * Where an explore scroll stands: the (score, id) of the last drama served, and when the scroll
 * began (`startedAt`, epoch ms, the database's clock), which later pages need to never serve a
 * drama twice (queries.ts). Opaque to the client: base64url of a small JSON array.
 */
export interface ExploreCursor {
  score: number;
  id: number;
  startedAt: number;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_ID = 2_147_483_647;
/** Epoch ms of 1 Jan 2000 and 1 Jan 3000: anything else was not made by this server. */
const EARLIEST = 946_684_800_000;
const LATEST = 32_503_680_000_000;

export function encodeCursor(cursor: ExploreCursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.id, cursor.startedAt])).toString('base64url');
}

function malformed(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this feed gave out', [
    { in: 'querystring', path: 'cursor', message: 'malformed cursor' },
  ]);
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
  if (!Array.isArray(parsed) || parsed.length !== 3) throw malformed();
  const [score, id, startedAt] = parsed as unknown[];
  if (typeof score !== 'number' || !Number.isFinite(score)) throw malformed();
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) throw malformed();
  if (typeof startedAt !== 'number' || !Number.isInteger(startedAt) || startedAt < EARLIEST || startedAt > LATEST) {
    throw malformed();
  }
  return { score, id, startedAt };
}
