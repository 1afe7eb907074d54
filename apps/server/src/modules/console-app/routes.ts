import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import { serveBuild } from '../../platform/built-app.js';

export const CONSOLE_PREFIX = '/console';

/**
 * The built operators' console under /console/: hashed assets cached for a year, index.html
 * never cached, and every other GET under /console/ answered with index.html so the console's
 * own routes survive a reload. Its files are routes of their own, which win over the catch-all;
 * an asset that is not there stays a 404 rather than HTML where a script was expected.
 */
export async function registerConsoleApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = ctx.config.CONSOLE_DIST_DIR;
  const built = await serveBuild(app, dist, `${CONSOLE_PREFIX}/`);

  const route = routeGroup(app.withTypeProvider<ZodTypeProvider>(), { tags: ['console'], errors: [404] });
  route.raw({
    method: 'GET',
    url: CONSOLE_PREFIX,
    access: 'public',
    hide: true,
    handler: async (request, reply) => reply.redirect(`${CONSOLE_PREFIX}/${request.url.slice(CONSOLE_PREFIX.length)}`, 301),
  });
  route.raw({
    method: 'GET',
    url: `${CONSOLE_PREFIX}/*`,
    access: 'public',
    hide: true,
    handler: async (request, reply) => {
      if (!built) return sendError(reply, 'NOT_FOUND', 'The console is not built (npm run build)');
      if (request.url.startsWith(`${CONSOLE_PREFIX}/assets/`)) {
        return sendError(reply, 'NOT_FOUND', `No file ${request.url.split('?')[0]}`);
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', dist, { cacheControl: false });
    },
  });
}
