import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

type Part = 'querystring' | 'params' | 'body';

const MAX_DEPTH = 32;

/** The dotted path of the first string holding U+0000 in a parsed value, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  // Only what a parser made (the query parser's objects have a prototype of their own): raw
  // bodies, streams and dates are not text.
  if (ArrayBuffer.isView(value) || value instanceof Date || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNul(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function check(request: FastifyRequest): void {
  const parts: [Part, unknown][] = [
    ['querystring', request.query],
    ['params', request.params],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const path = findNul(value);
    if (path !== null) {
      throw new AppError('VALIDATION_FAILED', 'Request validation failed', [
        { in: part, path, message: 'Text may not contain the NUL character' },
      ]);
    }
  }
}

/**
 * PostgreSQL text cannot hold U+0000, so a query, path or JSON body carrying one would fail in the
 * database as a 500. Refused at the door instead, in the same shape as any validation failure.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // Callback style: every request passes here, and an async hook costs a promise each.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
