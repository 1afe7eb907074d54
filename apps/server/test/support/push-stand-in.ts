import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service standing in for the browsers' own (FCM, Mozilla's, Apple's), on 127.0.0.1:
 * it takes the server's real pushes, checks their VAPID signature (RFC 8292) and decrypts them
 * (RFC 8291, aes128gcm) with the device keys it made for each subscriber, as a browser would.
 * The API tests and the e2e push journey share it.
 */

export interface StandInSubscriber {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What the stand-in answers this subscriber's pushes with (201 by default; 410 says "gone"). */
  status: number;
}

export interface ReceivedPush {
  subscriber: string;
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims, after its signature checked out. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the application server's public key. */
  vapidKey: string;
  /** The decrypted payload, as text. */
  text: string;
}

export interface PushStandIn {
  origin: string;
  subscriber(status?: number): StandInSubscriber;
  received: ReceivedPush[];
  /** Pushes that failed a check (signature, decryption), with why. */
  refused: string[];
  /** The most pushes ever in flight at once. */
  maxInFlight: number;
  /** Holds every answer this long, so that parallel sends overlap. */
  delayMs: number;
  onPush?: (push: ReceivedPush) => void;
  close(): Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** The VAPID JWT's ES256 signature, checked with the key it names (RFC 8292 section 2). */
function verifyVapid(authorization: string | undefined, audience: string): { claims: ReceivedPush['claims']; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no vapid authorization: ${authorization}`);
  const [, token = '', key = ''] = match;
  const [header = '', payload = '', signature = ''] = token.split('.');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('exp is not within 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub is not a mailto: or https: URL');
  return { claims, key };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, as a push message is. */
export function decryptAes128gcm(body: Buffer, device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const devices = new Map<string, { sub: StandInSubscriber; privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  let inFlight = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      inFlight++;
      standIn.maxInFlight = Math.max(standIn.maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        const device = devices.get(id);
        if (request.method !== 'POST' || !device) {
          response.writeHead(404).end();
          return;
        }
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          const { claims, key } = verifyVapid(request.headers.authorization, standIn.origin);
          const text = decryptAes128gcm(Buffer.concat(chunks), device);
          const push: ReceivedPush = { subscriber: id, headers: request.headers, claims, vapidKey: key, text };
          standIn.received.push(push);
          standIn.onPush?.(push);
          response.writeHead(device.sub.status).end();
        } catch (error) {
          standIn.refused.push(String(error));
          response.writeHead(400).end();
        }
      }, standIn.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: PushStandIn = {
    origin,
    received: [],
    refused: [],
    maxInFlight: 0,
    delayMs: 0,
    subscriber(status = 201) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(9).toString('base64url');
      const sub: StandInSubscriber = { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(publicKey), auth: b64u(auth) }, status };
      devices.set(id, { sub, privateKey: ecdh.getPrivateKey(), publicKey, auth });
      return sub;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
