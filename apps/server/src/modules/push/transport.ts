import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressRefusal, type EndpointPolicy, type EndpointRefusal, endpointRefusal, hostOf } from './endpoint-policy.js';

/** A name's addresses, every one of them (A and AAAA). Replaceable, so tests can make a public-looking name lead anywhere. */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The endpoint, or an address its name resolved to, is not one the server posts to. */
export class EndpointRefused extends Error {
  constructor(
    readonly refusal: EndpointRefusal,
    readonly address?: string,
  ) {
    super(`push endpoint refused: ${refusal}${address ? ` (${address})` : ''}`);
    this.name = 'EndpointRefused';
  }
}

export interface PushRequest {
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
  timeoutMs: number;
}

/**
 * Posts pushes to their endpoints, and only to public addresses. The endpoint is checked
 * again here (a row may predate a rule), and a name is resolved by the socket's own `lookup`,
 * which refuses the name when any of its addresses is not public and otherwise hands exactly
 * the addresses it checked to the connection: nothing looks the name up a second time, so an
 * answer that changes between a check and the connection (DNS rebinding) cannot slip through.
 * Redirects are not followed.
 */
export class PushTransport {
  private readonly lookup: LookupFunction;
  /** Connections are reused, but only by this transport, whose lookup made them. */
  private readonly agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  constructor(
    private readonly policy: EndpointPolicy,
    resolve: Resolve = systemResolve,
  ) {
    this.lookup = (hostname, options, callback) => {
      resolve(hostname).then(
        (found) => {
          const refused = found.find(({ address }) => addressRefusal(address, this.policy));
          if (refused) return callback(new EndpointRefused('internal-address', refused.address), '');
          const usable = options.family === 4 || options.family === 6 ? found.filter(({ family }) => family === options.family) : [...found];
          const [first] = usable;
          if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
          if (options.all) return callback(null, usable);
          return callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
    };
  }

  /** Sends one request and answers the status; throws EndpointRefused, or the network's error. */
  async post(endpoint: string, request: PushRequest): Promise<number> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new EndpointRefused('not-a-url');
    }
    const refusal = endpointRefusal(url, this.policy);
    if (refusal) throw new EndpointRefused(refusal);
    const { host } = hostOf(url);
    const protocol = url.protocol as 'http:' | 'https:';
    const send = protocol === 'https:' ? https.request : http.request;
    return new Promise<number>((resolve, reject) => {
      const outgoing = send(
        {
          protocol,
          hostname: host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: request.headers,
          agent: this.agents[protocol],
          // Node calls it for names only; an IP literal is connected to as it is, and was checked above.
          lookup: this.lookup,
          signal: AbortSignal.timeout(request.timeoutMs),
        },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          // Cut off by the time-out or the peer before it ended: settled as a failure, not left hanging.
          response.on('close', () => {
            if (!response.complete) reject(new Error('push service answer cut off'));
          });
          response.resume();
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body ?? undefined);
    });
  }
}
