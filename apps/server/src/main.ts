import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/seed.js';
import { ConfigError, loadConfig } from './platform/config.js';

function say(message: string): void {
  process.stdout.write(`[start] ${message}\n`);
}

function fail(message: string): never {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  say(config.DATABASE_URL ? 'Connecting to PostgreSQL (DATABASE_URL)...' : `Opening the embedded database in ${config.DATA_DIR}...`);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (error) => process.stderr.write(`[db] idle connection lost: ${error.message}\n`),
  }).catch(
    (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
  );

  say('Migrating the database...');
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);

  if (config.SEED_DEMO) {
    say('Seeding the demo catalogue (only what is missing)...');
    const { dramas } = await seedDemo(database.db, config.MEDIA_DIR);
    say(dramas > 0 ? `Seeded ${dramas} dramas.` : 'Demo catalogue already present.');
  }

  const { server } = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      say(`${signal} again: exiting now.`);
      process.exit(1);
    }
    closing = true;
    say(`${signal} received: finishing in-flight requests...`);
    try {
      await server.close();
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

  await server.listen({ port: config.PORT, host: config.HOST });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  say(`Ready: open http://${shownHost}:${port} (API docs at /api/docs)`);
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
