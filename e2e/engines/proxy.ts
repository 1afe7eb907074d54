import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of the app's server that adds the page probe to every HTML page, as
 * its first script: the one way to run code before a page's own in WebDriver classic. The
 * probe is served from the same origin, so the app's CSP ('self') lets it run untouched.
 * Everything else (media ranges, API calls, headers) passes as the server sent it.
 */

export const PROBE_PATH = '/__engines/page-probe.js';

export interface Proxy {
  origin: string;
  /** Answers of 500 and above, which no journey here should provoke. */
  serverErrors: string[];
  close(): Promise<void>;
}

export async function startProxy(target: string, port: number): Promise<Proxy> {
  const upstream = new URL(target);
  const probe = readFileSync(new URL('./page-probe.js', import.meta.url));
  const agent = new http.Agent({ keepAlive: true });
  const serverErrors: string[] = [];
  const tag = `<script src="${PROBE_PATH}"></script>`;

  const server = http.createServer((request, response) => {
    if (request.url === PROBE_PATH) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(probe);
      return;
    }
    const headers = { ...request.headers };
    // Plain bodies, so that an HTML page can be edited; the server compresses only on request.
    delete headers['accept-encoding'];
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (status >= 500) serverErrors.push(`${status} ${request.method} ${request.url}`);
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.startsWith('text/html')) {
          response.writeHead(status, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8').replace(/<head>/i, `<head>${tag}`);
          const body = Buffer.from(html, 'utf8');
          const out = { ...answer.headers, 'content-length': String(body.length) };
          delete out['transfer-encoding'];
          delete out.etag;
          response.writeHead(status, out);
          response.end(body);
        });
      },
    );
    forward.on('error', (error) => {
      serverErrors.push(`proxy: ${request.method} ${request.url}: ${error.message}`);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${listening}`,
    serverErrors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
