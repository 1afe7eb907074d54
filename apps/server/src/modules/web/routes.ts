import type { FastifyInstance } from 'fastify';
import { sendError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { serveBuild } from '../../platform/built-app.js';

/** Paths that are never the web app's: an unknown one answers 404 in the envelope, not the app's page. */
const SERVER_PATHS = ['/api', '/media', '/health'];

function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is not the app's either way.
  }
  const lower = decoded.toLowerCase();
  return SERVER_PATHS.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/**
 * The built web app: hashed assets cached for a year, index.html never cached, and every other
 * non-API GET answered with index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = ctx.config.WEB_DIST_DIR;
  const hasWebApp = await serveBuild(app, dist, '/');

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A readiness probe pointed at /health/ready must not be told 200 by the app's page.
    if (isServerPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 'NOT_FOUND', `No route for ${request.method} ${url.split('?')[0]}`);
    }
    if (!hasWebApp) {
      return sendError(reply, 'NOT_FOUND', 'The web app is not built (npm run build)');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', dist, { cacheControl: false });
  });
}
