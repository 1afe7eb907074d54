import type { Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { buildApp } from './app.js';
import { DatabaseUnavailableError, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './seed/seed.js';
import { ConfigError, loadConfig } from './platform/config.js';

function say(message: string): void {
  process.stdout.write(`[start] ${message}\n`);
}

function fail(message: string): never {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

/**
 * A start-up step that can fail for reasons outside the code (the database, the files, the
 * port): the operator gets one line saying what failed, and the stack only when debugging.
 */
async function step<T>(what: string, action: () => Promise<T> | T, verbose: boolean): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    fail(`${what} failed: ${reason}`);
  }
}

/**
 * `npm start` (scripts/start.mjs) builds the web app while the database is prepared, and says so
 * with START_AWAIT_WEB_BUILD: the server asks over IPC once the database is ready and waits for
 * the answer, since reading the build is the next step.
 */
async function webBuildDone(): Promise<boolean> {
  const send = process.send?.bind(process);
  if (process.env.START_AWAIT_WEB_BUILD !== '1' || !send) return true;
  say('Waiting for the web build...');
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (built: boolean) => {
      if (settled) return;
      settled = true;
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      // The channel would keep the process alive after a shutdown that does not exit.
      if (process.connected) process.disconnect?.();
      resolve(built);
    };
    const onMessage = (message: unknown) => {
      if (message === 'web-built' || message === 'web-build-failed') settle(message === 'web-built');
    };
    // npm start itself is gone (killed, or crashed): nobody will answer, so no build to wait for.
    const onDisconnect = () => settle(false);
    process.on('message', onMessage);
    process.once('disconnect', onDisconnect);
    if (!process.connected) {
      settle(false);
      return;
    }
    send('await-web-build', undefined, undefined, (error: Error | null) => {
      if (error) settle(false);
    });
  });
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const verbose = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
  const where = config.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `the embedded database in DATA_DIR ${config.DATA_DIR}`;

  say(config.DATABASE_URL ? 'Connecting to PostgreSQL (DATABASE_URL)...' : `Opening the embedded database in ${config.DATA_DIR}...`);
  const database = await step(
    `Opening ${where}`,
    () =>
      openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        onIdleError: (error) => process.stderr.write(`[db] idle connection lost: ${error.message}\n`),
      }),
    verbose,
  );

  say('Migrating the database...');
  const applied = await step(`Migrating ${where}`, () => migrateToLatest(database.db), verbose);
  if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);

  if (config.SEED_DEMO) {
    say('Seeding the demo catalogue (only what is missing)...');
    const { dramas } = await step(`Seeding ${where}`, () => seedDemo(database.db, config.MEDIA_DIR), verbose);
    say(dramas > 0 ? `Seeded ${dramas} dramas.` : 'Demo catalogue already present.');
  }

  if (!(await webBuildDone())) {
    await database.close();
    fail('The web build failed, or npm start stopped before it was done (its output is above).');
  }

  // Secrets are generated into DATA_DIR here, with PostgreSQL too.
  const { server } = await step('Preparing the server', () => buildApp({ config, database }), verbose);

  // What the grace period cuts. Over TLS (HTTP/2, or HTTP/1.1 beside it) every connection is a
  // TLS socket: an HTTP/2 server has no closeAllConnections of its own.
  const tlsSockets = new Set<Socket>();
  server.server.on('secureConnection', (socket: Socket) => {
    tlsSockets.add(socket);
    socket.once('close', () => tlsSockets.delete(socket));
  });
  // A browser keeps its HTTP/2 session open while idle, as it keeps an HTTP/1.1 keep-alive
  // socket: on shutdown each is told to go away (GOAWAY), its streams in flight still finishing.
  const sessions = new Set<Http2Session>();
  server.server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const cutConnections = () => {
    if ('closeAllConnections' in server.server) server.server.closeAllConnections();
    for (const socket of tlsSockets) socket.destroy();
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      say(`${signal} again: exiting now.`);
      process.exit(1);
    }
    closing = true;
    say(`${signal} received: finishing in-flight requests...`);
    for (const session of sessions) session.close();
    const grace = setTimeout(() => {
      say(`Still open after ${config.SHUTDOWN_GRACE_SECONDS} s: cutting the remaining connections.`);
      cutConnections();
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    try {
      await server.close();
      clearTimeout(grace);
      await database.close();
      say('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await step(`Listening on ${config.HOST}:${config.PORT}`, () => server.listen({ port: config.PORT, host: config.HOST }), verbose);
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const scheme = config.TLS_CERT ? 'https' : 'http';
  say(`Ready: open ${scheme}://${shownHost}:${port} (API docs at /api/docs)`);
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
