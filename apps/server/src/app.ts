import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@drama/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database.js';
import { adminToken } from './modules/admin/guard.js';
import { adminRoutes } from './modules/admin/routes.js';
import { AdminService } from './modules/admin/service.js';
import { createAccountServices } from './modules/auth/accounts.js';
import { authRoutes } from './modules/auth/routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { CatalogueService } from './modules/catalogue/service.js';
import { favoriteRoutes } from './modules/favorites/routes.js';
import { FavoriteService } from './modules/favorites/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { likeRoutes } from './modules/likes/routes.js';
import { LikeService } from './modules/likes/service.js';
import { registerMedia } from './modules/media/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { SettingsService } from './modules/settings/service.js';
import { userRoutes } from './modules/users/routes.js';
import { watchRecordRoutes } from './modules/watch-records/routes.js';
import { WatchRecordService } from './modules/watch-records/service.js';
import { registerWebApp } from './modules/web/routes.js';
import { Authenticator } from './platform/auth.js';
import { type Config, REPO_ROOT } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { registerErrorHandler } from './platform/errors.js';
import { ResponseCache } from './platform/response-cache.js';
import { MediaSigner } from './platform/media-signing.js';
import { keptSecret } from './platform/secrets.js';
import { TokenService } from './platform/tokens.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

export interface App {
  server: FastifyInstance;
  ctx: AppContext;
  services: { catalogue: CatalogueService; settings: SettingsService };
}

const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export function defaultLogger(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}

/** Builds the app: platform plugins first, then every module's routes. Listening is main.ts's job. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const server = Fastify({
    logger: options.logger ?? defaultLogger(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Requests still running when shutdown begins are allowed to finish; idle keep-alive sockets close.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });
  server.setValidatorCompiler(validatorCompiler);
  // Handlers are type-checked against the response schemas at compile time; the tests parse
  // every answer with the same schemas. Serialising without re-validating keeps hot reads fast.
  server.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandler(server);

  const jwtSecret = config.JWT_SECRET ?? keptSecret(config.DATA_DIR, 'jwt-secret');
  const tokens = new TokenService(jwtSecret);
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens,
    auth: new Authenticator(database.db, tokens),
    mediaSigner: new MediaSigner(jwtSecret, config.MEDIA_URL_TTL_SECONDS),
    version: VERSION,
  };
  const responseCache = new ResponseCache(30_000, 2_000);
  responseCache.register(server);
  const catalogue = new CatalogueService(ctx, () => responseCache.clear());
  const settings = new SettingsService(database.db);
  const accounts = createAccountServices(ctx, { secret: jwtSecret, log: server.log });
  const admin = new AdminService(ctx);
  const likes = new LikeService(ctx, catalogue);
  const favorites = new FavoriteService(ctx, catalogue);
  const watchRecords = new WatchRecordService(ctx, catalogue);

  await server.register(fastifySwagger, {
    openapi: {
      info: { title: 'Short Drama API', version: VERSION, description: 'The API of the short-drama app.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const api = server.withTypeProvider<ZodTypeProvider>();
  await api.register(
    async (scope) => {
      await scope.register(healthRoutes(ctx));
      await scope.register(settingsRoutes(settings));
      await scope.register(catalogueRoutes(ctx, catalogue));
      await scope.register(authRoutes(ctx, accounts.auth));
      await scope.register(userRoutes(ctx, accounts.users));
      await scope.register(adminRoutes(admin, adminToken(config)), { prefix: '/admin' });
      await scope.register(likeRoutes(ctx, likes));
      await scope.register(favoriteRoutes(ctx, favorites));
      await scope.register(watchRecordRoutes(ctx, watchRecords));
    },
    { prefix: API_BASE },
  );
  await registerMedia(server, ctx, catalogue);
  await registerWebApp(server, ctx);

  return { server, ctx, services: { catalogue, settings } };
}
