import { createECDH, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { apiPaths, pushSubscribeResponseSchema } from '@drama/contracts';
import type { FastifyBaseLogger } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalEndpoint } from '../../src/modules/push/internal-endpoints.fixture.js';
import { PushService } from '../../src/modules/push/service.js';
import type { NewNotice } from '../../src/modules/push/sink.js';
import type { Resolve } from '../../src/modules/push/transport.js';
import type { Config } from '../../src/platform/config.js';
import { AppError } from '../../src/platform/errors.js';
import { okData } from '../support/answers.js';
import { memberCalls } from '../support/member-calls.js';
import { useTestApp } from '../support/test-app.js';

/*
 * A member names the address the server posts their pushes to. Only the https address of a
 * public push service is taken when the subscription is saved, and only a public address is
 * connected to when a notice is sent, whatever the row holds and whatever its name resolves to.
 */

// No loopback allowance here: this app is what production is.
const t = useTestApp();
const { call, refused, member } = memberCalls(t);

/** A device's keys, so that the push can be encrypted and would be sent. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** A TCP listener that counts who connects to it and hangs up at once. */
interface Listener {
  port: number;
  connections: number;
  close(): Promise<void>;
}
async function listen(host: string): Promise<Listener | undefined> {
  const server: Server = createServer((socket) => {
    listener.connections++;
    socket.destroy();
  });
  const listener: Listener = {
    port: 0,
    connections: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, resolve);
    });
  } catch {
    // No IPv6 loopback on this machine.
    return undefined;
  }
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}

let v4: Listener;
let v6: Listener | undefined;
beforeAll(async () => {
  v4 = (await listen('127.0.0.1'))!;
  v6 = await listen('::1');
});
afterAll(async () => {
  await v4?.close();
  await v6?.close();
});

/** Names and what they resolve to here; nothing in these tests asks real DNS. */
function resolverOf(answers: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolve = async (hostname) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

/** A logger that keeps what the sender says. */
function keptLog() {
  const lines: Record<string, unknown>[] = [];
  const keep = (level: string) => (object: unknown, message?: string) => {
    lines.push({ level, message, ...(typeof object === 'object' ? (object as Record<string, unknown>) : { text: object }) });
  };
  const log = { warn: keep('warn'), info: keep('info'), error: keep('error'), debug: keep('debug'), trace: keep('trace'), fatal: keep('fatal'), level: 'info' } as Record<string, unknown>;
  log.child = () => log;
  return { log: log as unknown as FastifyBaseLogger, lines };
}

function serviceWith(config: Partial<Config>, resolve?: Resolve) {
  const kept = keptLog();
  const service = new PushService({ ...t.ctx, config: { ...t.ctx.config, ...config } }, kept.log, resolve ? { resolve } : {});
  return { service, lines: kept.lines };
}

let noticeId = 5000;
function notice(userId: number): NewNotice {
  return { id: ++noticeId, userId, kind: 'feedback-reply', values: { feedbackId: 1 }, createdAt: new Date('2026-11-28T08:00:00Z') };
}

/** Rows written straight into the table, as a row saved before these rules would be. */
async function insertRows(userId: number, endpoints: readonly string[]) {
  await t.database.db
    .insertInto('push_subscriptions')
    .values(endpoints.map((endpoint) => ({ user_id: userId, endpoint, ...deviceKeys(), locale: 'en-US' })))
    .execute();
}

describe('saving a push subscription', () => {
  it('refuses every spelling of an internal address or name (decimal, octal, hex, short, mapped IPv6, trailing dots, credentials, ports)', async () => {
    const { auth, user } = await member();
    await fc.assert(
      fc.asyncProperty(internalEndpoint, async (endpoint) => {
        const answer = await call('POST', apiPaths.pushSubscriptions(), auth, { endpoint, keys: deviceKeys(), locale: 'en-US' });
        refused(answer, 400, 'VALIDATION_FAILED');
      }),
      { numRuns: 300 },
    );
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('names the reason in the details, and takes the real push services', async () => {
    const { auth } = await member();
    const details = refused(
      await call('POST', apiPaths.pushSubscriptions(), auth, { endpoint: 'https://169.254.169.254/latest/meta-data/', keys: deviceKeys(), locale: 'en-US' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(details).toEqual([expect.objectContaining({ in: 'body', path: 'endpoint', reason: 'internal-address' })]);
    const named = refused(
      await call('POST', apiPaths.pushSubscriptions(), auth, { endpoint: 'https://push.localhost./x', keys: deviceKeys(), locale: 'en-US' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(named).toEqual([expect.objectContaining({ path: 'endpoint', reason: 'internal-name' })]);
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:APA91b', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 'https://web.push.apple.com/QGuQ']) {
      okData(await call('POST', apiPaths.pushSubscriptions(), auth, { endpoint, keys: deviceKeys(), locale: 'en-US' }), pushSubscribeResponseSchema);
    }
  });

  it('in production refuses loopback even when a config made in code says to allow it', async () => {
    const { user } = await member();
    const { service } = serviceWith({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: true });
    for (const endpoint of [`http://127.0.0.1:${v4.port}/push/x`, `https://127.0.0.1:${v4.port}/push/x`, `https://[::1]:${v4.port}/push/x`, 'https://2130706433/x']) {
      await expect(service.subscribe(user.id, { endpoint, keys: deviceKeys(), locale: 'en-US' }), endpoint).rejects.toThrow(AppError);
    }
  });

  it('keeps to PUSH_ALLOWED_HOSTS when it is set', async () => {
    const { user } = await member();
    const { service } = serviceWith({ PUSH_ALLOWED_HOSTS: ['fcm.googleapis.com', 'web.push.apple.com'] });
    await expect(service.subscribe(user.id, { endpoint: 'https://fcm.googleapis.com/fcm/send/listed', keys: deviceKeys(), locale: 'en-US' })).resolves.toEqual({ subscribed: true });
    for (const endpoint of ['https://updates.push.services.mozilla.com/wpush/v2/x', 'https://fcm.googleapis.com.evil.example.net/x', 'https://8.8.8.8/x']) {
      const error = await service.subscribe(user.id, { endpoint, keys: deviceKeys(), locale: 'en-US' }).catch((caught: unknown) => caught);
      expect(error, endpoint).toBeInstanceOf(AppError);
      expect((error as AppError).details).toEqual([expect.objectContaining({ reason: 'not-an-allowed-host' })]);
    }
  });
});

describe('sending to a stored endpoint', () => {
  it('opens no connection to loopback, however the row spells it or whatever its name resolves to', async () => {
    const { user } = await member();
    const port = v4.port;
    const literal = [
      `https://127.0.0.1:${port}/push/a`,
      `http://127.0.0.1:${port}/push/b`,
      `https://2130706433:${port}/push/c`,
      `https://0x7f.1:${port}/push/d`,
      `https://0177.0.0.1:${port}/push/e`,
      `https://[::ffff:127.0.0.1]:${port}/push/f`,
      `https://evil@127.0.0.1:${port}/push/g`,
      `https://localhost:${port}/push/h`,
      `https://LOCALHOST.:${port}/push/i`,
      ...(v6 ? [`https://[::1]:${v6.port}/push/j`, `https://[0:0:0:0:0:0:0:1]:${v6.port}/push/k`] : []),
    ];
    // Public-looking names: one resolves to loopback, one to a public address and loopback (the
    // connection could pick either), one to the cloud's metadata address.
    const named = [`https://push.example.com:${port}/push/l`, `https://mixed.example.net:${port}/push/m`, `https://metadata.example.org:${port}/push/n`];
    await insertRows(user.id, [...literal, ...named]);
    const { resolve, asked } = resolverOf({
      'push.example.com': ['127.0.0.1'],
      'mixed.example.net': ['8.8.8.8', '127.0.0.1', ...(v6 ? ['::1'] : [])],
      'metadata.example.org': ['169.254.169.254'],
    });
    const { service, lines } = serviceWith({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: false }, resolve);

    await service.delivered([notice(user.id)]);

    expect(v4.connections).toBe(0);
    expect(v6?.connections ?? 0).toBe(0);
    // Every row was refused by name, not lost to some other failure; the names were resolved once each, by the connection's own lookup.
    const refusedRows = lines.filter((line) => line.message === 'web push: endpoint is not a public push service, not sent');
    expect(refusedRows).toHaveLength(literal.length + named.length);
    expect(refusedRows.filter((line) => line.address !== undefined).map((line) => line.address).sort()).toEqual(['127.0.0.1', '127.0.0.1', '169.254.169.254']);
    expect([...asked].sort()).toEqual(['metadata.example.org', 'mixed.example.net', 'push.example.com']);
    const rows = await t.database.db.selectFrom('push_subscriptions').select(['endpoint', 'last_success_at']).where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(literal.length + named.length);
    expect(rows.every((row) => row.last_success_at === null)).toBe(true);
  });

  it('connects to exactly the address its one lookup checked (the listener hears it only when loopback is allowed)', async () => {
    const { user } = await member();
    await insertRows(user.id, [`https://push.example.com:${v4.port}/push/o`]);
    const before = v4.connections;
    const { resolve, asked } = resolverOf({ 'push.example.com': ['127.0.0.1'] });
    const { service, lines } = serviceWith({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: true }, resolve);

    await service.delivered([notice(user.id)]);

    // The listener hangs up, so the push fails; what matters is where the connection went and how often the name was looked up.
    expect(v4.connections - before).toBe(1);
    expect(asked).toEqual(['push.example.com']);
    expect(lines.some((line) => line.message === 'web push: sending failed')).toBe(true);
  });
});
