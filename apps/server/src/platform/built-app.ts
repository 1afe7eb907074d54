import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the files of a Vite build (the web app, the console) under `prefix`, when it is built:
 * its hashed assets cached for a year, everything else (index.html, the worker, icons) never
 * cached. Each file is a route of its own, so it wins over the app's catch-all, and an asset that
 * is not there stays a 404 rather than HTML where a script was expected. Answers whether the
 * build is there, for the app's own catch-all.
 */
export async function serveBuild(app: FastifyInstance, dist: string, prefix: string): Promise<boolean> {
  if (!existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    prefix,
    decorateReply: false,
    index: false,
    wildcard: false,
    // Each build writes .br and .gz beside its larger files (the apps' vite.config.ts).
    preCompressed: true,
    // Otherwise send's own `public, max-age=0` replaces the header set below.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
