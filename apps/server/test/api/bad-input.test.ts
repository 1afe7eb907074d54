import net, { type AddressInfo } from 'node:net';
import { apiErrorEnvelopeSchema, apiPaths, CONSOLE_ERROR_CODES, ERROR_CODES } from '@drama/contracts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { adminApiToken } from '../support/admin-auth.js';
import { buildUser } from '../support/factories.js';
import { junkPath, type Operation, operationsOf, requestFor, type Role } from '../support/request-arbitraries.js';
import { createTestApp } from '../support/test-app.js';

/*
 * Generated requests to every operation of the OpenAPI document, as a guest, a member and (for
 * the calls of the operator's command) the operator: bad input never yields a 5xx, every answer
 * is in the envelope, and no answer shows a stack trace, SQL or a runtime's error text.
 * Reproduce a failure with the seed fast-check prints: BAD_INPUT_SEED=<seed> (and BAD_INPUT_RUNS
 * to try harder locally).
 */

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 12);
const SEED = process.env.BAD_INPUT_SEED === undefined ? undefined : Number(process.env.BAD_INPUT_SEED);
const settings = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

const t = await createTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, RECONCILE_INTERVAL_SECONDS: '0' });
/** An owner's API token: what the operator's command sends (the bootstrap token only makes operators). */
const OWNER_TOKEN = await adminApiToken(t);

/**
 * The calls the operator's command makes with an API token: the bootstrap's under /admin, and
 * the console's routes it shares. The console's other routes (operators, tokens, sessions) are
 * left out: a generated call there could end the very token the next calls carry.
 */
const COMMAND_PATHS = [
  '/api/v1/admin/',
  ...[
    apiPaths.consoleOutbox(),
    apiPaths.consoleMembers(),
    apiPaths.consoleCampaigns(),
    apiPaths.consoleFeedback(),
    apiPaths.consoleSettings(),
    apiPaths.consoleDramaImport(),
    apiPaths.consoleBlockedTerms(),
  ].map((path) => `/api/v1${path}`),
];
afterAll(async () => {
  await t.close();
});

const documentAnswer = await t.server.inject('/api/docs/json');
const operations = operationsOf(documentAnswer.json());

const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>]+ \(|\n\s+at /],
  ['a file path', /(?:\/|\\)(?:src|node_modules|work|home|usr|tmp)(?:\/|\\)|\.(?:ts|js|mjs):\d+/],
  ['SQL', /\bselect\b[\s\S]*\bfrom\b|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b|\bwhere\s+"?\w+"?\s*(?:=|in\b|like\b)/i],
  ['a database error', /\brelation\b|syntax error|\bviolates\b|duplicate key|invalid input syntax|out of range for type|\bpglite\b|\bkysely\b/i],
  ['a runtime error', /TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|is not defined|\[object Object\]|Maximum call stack/],
];

function describeRequest(request: InjectOptions & { url: string }): string {
  const payload = typeof request.payload === 'string' ? request.payload.slice(0, 300) : '';
  return `${request.method ?? 'GET'} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 300)} body=${payload}`;
}

function expectNoLeak(text: string, context: string): void {
  for (const [what, pattern] of LEAKS) {
    expect(pattern.test(text) ? what : null, `${what} in the answer\n${context}`).toBeNull();
  }
}

/** The rules every answer keeps, whatever was asked. */
function expectWellFormed(response: LightMyRequestResponse, request: string, options: { json: boolean } = { json: true }): void {
  const context = `${request}\n-> ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (!options.json) {
    if (response.statusCode >= 400) expectNoLeak(response.body, context);
    return;
  }
  expect(String(response.headers['content-type']), context).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as unknown;
  if (response.statusCode < 400) {
    expect(body, context).toMatchObject({ success: true });
    expect(Object.keys(body as object), context).toContain('data');
    return;
  }
  // Operators' calls answer the console's codes too.
  const envelope = apiErrorEnvelopeSchema.safeParse(body);
  expect(envelope.success ? null : envelope.error.message, context).toBeNull();
  expect([...ERROR_CODES, ...CONSOLE_ERROR_CODES], context).toContain(envelope.data?.code);
  // Catalogue text may say anything; what a refusal says comes from the server alone.
  expectNoLeak(JSON.stringify({ message: envelope.data?.message, details: envelope.data?.details }), context);
}

async function send(request: InjectOptions & { url: string }, options?: { json: boolean }): Promise<void> {
  const response = await t.server.inject(request);
  expectWellFormed(response, describeRequest(request), options);
}

function rolesFor(operation: Operation, memberToken: string): Role[] {
  const roles: Role[] = [{ name: 'guest' }, { name: 'member', token: memberToken }];
  if (COMMAND_PATHS.some((path) => operation.path.startsWith(path))) roles.push({ name: 'admin', token: OWNER_TOKEN });
  return roles;
}

describe('generated requests to every documented operation', () => {
  it('finds the operations in the OpenAPI document', () => {
    expect(documentAnswer.statusCode).toBe(200);
    expect(operations.length).toBeGreaterThan(60);
    const keys = operations.map((operation) => `${operation.method} ${operation.path}`);
    for (const key of [
      'POST /api/v1/payments/notify/{channel}',
      'POST /api/v1/sandbox/checkout/{orderNo}',
      'POST /api/v1/admin/operators',
      'POST /api/v1/console/dramas/import',
      'PATCH /api/v1/console/settings',
      'POST /api/v1/client/uploads',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: never a 5xx, always the envelope',
    async (_, operation) => {
      // A member of its own, so that one operation (sign-out, a password change) cannot spoil another's.
      const member = await buildUser(t.database.db, t.ctx.tokens);
      for (const role of rolesFor(operation, member.token)) {
        await fc.assert(
          fc.asyncProperty(requestFor(operation, role), async (request) => send(request)),
          settings,
        );
      }
    },
  );
});

describe('the NUL character, which PostgreSQL text cannot hold', () => {
  // Each was a 500 that the generated requests found.
  it('is refused with 400 in a query, naming where', async () => {
    const response = await t.server.inject({
      method: 'GET',
      url: '/api/v1/console/members?page=1&query=%00',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    expectWellFormed(response, 'members with a NUL query');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ in: 'querystring', path: 'query', message: 'Text may not contain the NUL character' }],
    });
  });

  it('is refused with 400 in a JSON body and in a path, on public routes too', async () => {
    const body = await t.server.inject({
      method: 'POST',
      url: '/api/v1/client/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'someone\u0000', password: 'whatever-1' }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ in: 'body', path: 'account' }] });
    const search = await t.server.inject('/api/v1/client/search?keyword=%E9%BE%99%00');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ in: 'querystring', path: 'keyword' }] });
  });

  it('in a forged payment notification is refused as forged and recorded, not a fault', async () => {
    const response = await t.server.inject({ method: 'POST', url: '/api/v1/payments/notify/sandbox', payload: '\u0000\u0001' });
    expectWellFormed(response, 'a notification of NUL bytes');
    expect(response.json()).toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    const recorded = await t.database.db
      .selectFrom('payment_notifications')
      .select(['raw', 'flag'])
      .where('flag', '=', 'signature_invalid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(recorded.raw).toBe('\uFFFD\u0001');
  });
});

describe('errors the router raises', () => {
  it('answers a malformed percent-escape with 400 in the envelope', async () => {
    for (const url of ['/api/v1/client/dramas/%zz', '/media/uploads/%E0%A4%A', '/%zz']) {
      const response = await t.server.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, code: 'BAD_REQUEST', message: 'The URL is not valid' });
    }
  });

  it('answers a path segment past 200 characters with 414 in the envelope, without echoing it', async () => {
    const response = await t.server.inject(`/api/v1/client/dramas/${'1'.repeat(201)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ success: false, code: 'BAD_REQUEST', message: 'A part of the path is too long' });
  });

  it('answers any method on a documented path in the envelope, taken or not', async () => {
    const paths = fc.constantFrom(...operations.map((operation) => operation.path.replaceAll(/\{\w+\}/g, '1')));
    await fc.assert(
      fc.asyncProperty(paths, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), async (url, method) => {
        const response = await t.server.inject({ method: method as InjectOptions['method'] & string, url });
        expectWellFormed(response, `${method} ${url}`);
      }),
      { ...settings, numRuns: RUNS * 5 },
    );
  });
});

describe('routes outside the document', () => {
  const paths = fc.oneof(
    junkPath('/media/'),
    junkPath('/media/episodes/'),
    junkPath('/media/uploads/'),
    junkPath('/api/'),
    junkPath('/api/v1/client/'),
    junkPath('/sandbox/checkout/'),
    junkPath('/'),
  );

  it('media, uploads and the sandbox page answer junk paths with a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(paths, fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'), async (url, method) => {
        const request = { method: method as InjectOptions['method'] & string, url };
        const response = await t.server.inject(request);
        const context = `${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        // Media and pages are not JSON, but a refusal from the API, media or uploads is in the envelope.
        const fromApiOrMedia = url.startsWith('/api/') || url.startsWith('/media/');
        const json = response.statusCode >= 400 && method !== 'HEAD' && fromApiOrMedia;
        expectWellFormed(response, context, { json });
      }),
      { ...settings, numRuns: RUNS * 10 },
    );
  });

  it('the web app fallback answers any other GET without a fault', async () => {
    await fc.assert(
      fc.asyncProperty(junkPath('/'), async (url) => {
        const response = await t.server.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        const context = `GET ${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        const apiLike = url.startsWith('/api/') || url.startsWith('/media/');
        const page = String(response.headers['content-type']).startsWith('text/html');
        expectWellFormed(response, context, { json: apiLike || !page });
      }),
      { ...settings, numRuns: RUNS * 4 },
    );
  });

  it('the API documentation is served', async () => {
    const urls = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/%00', '/api/docs/static/..%2f..%2fpackage.json'];
    for (const url of urls) {
      const response = await t.server.inject(url);
      expectWellFormed(response, `GET ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`, { json: false });
    }
  });
});

interface RawAnswer {
  status: number;
  body: string;
  /** Body bytes written before the answer came. */
  sentBytes: number;
}

/**
 * A request over a real socket (inject does not stream): writes the head, then body chunks until
 * the server answers or `bodyBytes` are sent. Resolves null when no answer comes within waitMs.
 */
function rawRequest(
  port: number,
  head: string[],
  options: { bodyBytes?: number; chunked?: boolean; waitMs?: number } = {},
): Promise<RawAnswer | null> {
  const { bodyBytes = 0, chunked = false, waitMs = 5000 } = options;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sentBytes = 0;
    let settled = false;
    const finish = (answer: RawAnswer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const parsed = (): RawAnswer | null => {
      const text = Buffer.concat(received).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return null;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1]);
      const body = text.slice(split + 4);
      return Number.isFinite(length) && Buffer.byteLength(body) < length ? null : { status, body, sentBytes };
    };
    const timer = setTimeout(() => finish(parsed()), waitMs);
    socket.on('data', (chunk) => {
      received.push(chunk);
      const answer = parsed();
      if (answer) finish(answer);
    });
    // The server closes a connection whose body it refused: what arrived before is the answer.
    socket.on('error', () => finish(parsed()));
    socket.on('close', () => finish(parsed()));
    socket.on('connect', async () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      while (!settled && sentBytes < bodyBytes) {
        const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
        sentBytes += chunk.length;
        if (!socket.write(framed)) await new Promise((drained) => socket.once('drain', drained));
      }
    });
  });
}

let port: number;
beforeAll(async () => {
  await t.server.listen({ host: '127.0.0.1', port: 0 });
  port = (t.server.server.address() as AddressInfo).port;
});

const head = (method: string, path: string, ...headers: string[]) => [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers];

describe('HTTP too malformed to become a request', () => {
  async function expectRefused(lines: string[], status: number): Promise<void> {
    const answer = await rawRequest(port, lines);
    expect(answer, 'no answer').not.toBeNull();
    expect(answer?.status, answer?.body).toBe(status);
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expectNoLeak(answer?.body ?? '', lines.join(' | ').slice(0, 200));
  }

  it('answers headers past 16 KiB with 431 in the envelope', async () => {
    await expectRefused(head('GET', '/api/v1/health', `Accept-Language: ${'a'.repeat(20_000)}`), 431);
  });

  it('answers bytes no header may hold and a garbled request line with 400 in the envelope', async () => {
    await expectRefused(head('GET', '/api/v1/health', 'X-Junk: a\u0001b'), 400);
    await expectRefused(['GARBAGE', 'Host: 127.0.0.1'], 400);
    await expectRefused(head('POST', '/api/v1/client/auth/sign-in', 'Content-Length: 10', 'Content-Length: 20'), 400);
  });
});

describe('oversized bodies are refused early', () => {
  const GIB = 1024 * 1024 * 1024;
  const JSON_TYPE = 'Content-Type: application/json';
  const length = (bytes: number) => `Content-Length: ${bytes}`;
  const bearer = (token: string) => `Authorization: Bearer ${token}`;

  function expectTooLarge(answer: RawAnswer | null): void {
    expect(answer, 'no answer: the server waited for the body').not.toBeNull();
    expect(answer?.status, answer?.body).toBe(413);
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  }

  it('answers a JSON body declared past the limit at once, without waiting for it', async () => {
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/client/auth/sign-in', JSON_TYPE, length(GIB))));
    // The same head within the limit: the server waits for the promised body, so no answer comes.
    const small = await rawRequest(port, head('POST', '/api/v1/client/auth/sign-in', JSON_TYPE, length(100)), { waitMs: 400 });
    expect(small).toBeNull();
  });

  it('keeps small JSON routes at 64 KiB', async () => {
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/client/auth/sign-up', JSON_TYPE, length(64 * 1024 + 1))));
    const frame = JSON.stringify({ username: '', password: 'secret-pass-1' });
    const atLimit = JSON.stringify({ username: 'x'.repeat(64 * 1024 - frame.length), password: 'secret-pass-1' });
    expect(atLimit.length).toBe(64 * 1024);
    const response = await t.server.inject({
      method: 'POST',
      url: '/api/v1/client/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: atLimit,
    });
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('cuts a chunked body off with 413 once it passes the limit', async () => {
    const bodyBytes = 8 * 1024 * 1024;
    const answer = await rawRequest(port, head('POST', '/api/v1/client/auth/sign-in', JSON_TYPE, 'Transfer-Encoding: chunked'), {
      bodyBytes,
      chunked: true,
    });
    expectTooLarge(answer);
    expect(answer?.sentBytes).toBeLessThan(bodyBytes);
  });

  it('refuses oversized notifications, reports, uploads and imports from their Content-Length', async () => {
    const form = 'Content-Type: application/x-www-form-urlencoded';
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/payments/notify/alipay', form, length(GIB))));
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/client/vitals', 'Content-Type: text/plain', length(GIB))));
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const multipart = 'Content-Type: multipart/form-data; boundary=x';
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/client/uploads', bearer(member.token), multipart, length(GIB))));
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/console/dramas/import', bearer(OWNER_TOKEN), JSON_TYPE, length(GIB))));
    // Without the operator's token the import is refused before its size matters.
    const guest = await rawRequest(port, head('POST', '/api/v1/console/dramas/import', JSON_TYPE, length(GIB)));
    expect(guest?.status).toBe(401);
  });

  it('lets the routes that take more keep their own limits', async () => {
    const legal = 'Terms of use. '.repeat(20_000);
    const settingsAnswer = await t.server.inject({
      method: 'PATCH',
      url: '/api/v1/console/settings',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      payload: { userAgreement: legal },
    });
    expect(settingsAnswer.statusCode, settingsAnswer.body.slice(0, 200)).toBe(200);
    expectTooLarge(await rawRequest(port, head('PATCH', '/api/v1/console/settings', bearer(OWNER_TOKEN), JSON_TYPE, length(2 * 1024 * 1024))));
    const importAnswer = await t.server.inject({
      method: 'POST',
      url: '/api/v1/console/dramas/import',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      payload: { dramas: [], padding: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(importAnswer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a large body to a route that does not exist without reading it', async () => {
    expectTooLarge(await rawRequest(port, head('POST', '/api/v1/nothing/here', JSON_TYPE, length(GIB))));
  });
});
