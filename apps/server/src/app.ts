import { readFileSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@drama/contracts';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database.js';
import fastifyCookie from '@fastify/cookie';
import { adminToken } from './modules/admin/guard.js';
import { analyticsConsoleRoutes } from './modules/analytics/console-routes.js';
import { AnalyticsService } from './modules/analytics/service.js';
import { auditConsoleRoutes } from './modules/audit/console-routes.js';
import { operatorConsoleRoutes } from './modules/operators/console-routes.js';
import { operatorAdminRoutes } from './modules/operators/admin-routes.js';
import { OperatorBootstrap } from './modules/operators/bootstrap.js';
import { AdminAccess } from './platform/admin-access.js';
import { OperatorService } from './modules/operators/service.js';
import { type ConsoleRule, OperatorAuth, SESSION_COOKIE } from './platform/operators.js';
import { catalogueImportRoutes } from './modules/admin-content/routes.js';
import { DramaImportService } from './modules/admin-content/service.js';
import { createAccountServices } from './modules/auth/accounts.js';
import { authRoutes } from './modules/auth/routes.js';
import { avatarRoutes, registerAvatarFiles } from './modules/avatars/routes.js';
import { AvatarService } from './modules/avatars/service.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { CatalogueService } from './modules/catalogue/service.js';
import { RELEASE_JOB, RELEASE_SWEEP_SECONDS } from './modules/catalogue/scheduled-releases.js';
import { Changes } from './platform/changes.js';
import { catalogueConsoleRoutes } from './modules/catalogue/console-routes.js';
import { orderConsoleRoutes } from './modules/orders/console-routes.js';
import { reconciliationConsoleRoutes } from './modules/orders/console-reconciliation-routes.js';
import { ReconciliationService } from './modules/orders/reconciliation-service.js';
import { OrderConsoleService } from './modules/orders/console-service.js';
import { RefundSettlement } from './modules/orders/refund-settlement.js';
import { CatalogueConsoleService } from './modules/catalogue/console-service.js';
import { episodeConsoleRoutes } from './modules/episodes/console-routes.js';
import { mediaJob } from './modules/episodes/media-job.js';
import { EpisodeConsoleService } from './modules/episodes/service.js';
import { DiscoveryIndex } from './modules/discovery/discovery-index.js';
import { serialise } from './platform/json-fragments.js';
import { exploreRoutes } from './modules/explore/routes.js';
import { ExploreService } from './modules/explore/service.js';
import { recommendationRoutes } from './modules/recommendations/routes.js';
import { RecommendationService } from './modules/recommendations/service.js';
import { memberSettingsRoutes } from './modules/member-settings/routes.js';
import { pushRoutes } from './modules/push/routes.js';
import { PushService } from './modules/push/service.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { NoticeService } from './modules/notices/service.js';
import { VIP_ENDING_CRON, VIP_ENDING_JOB, vipEndingJob } from './modules/notices/job.js';
import { MemberSettingsService } from './modules/member-settings/service.js';
import { favoriteRoutes } from './modules/favorites/routes.js';
import { FavoriteService } from './modules/favorites/service.js';
import { feedbackConsoleRoutes } from './modules/feedback/console-routes.js';
import { FeedbackConsoleService } from './modules/feedback/console-service.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { FeedbackService } from './modules/feedback/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { membersConsoleRoutes } from './modules/members/console-routes.js';
import { MembersConsoleService } from './modules/members/service.js';
import { likeRoutes } from './modules/likes/routes.js';
import { LikeService } from './modules/likes/service.js';
import { mallRoutes } from './modules/mall/routes.js';
import { MallService } from './modules/mall/service.js';
import { registerMedia } from './modules/media/routes.js';
import { membershipRoutes } from './modules/membership/routes.js';
import { MembershipService } from './modules/membership/service.js';
import { orderRoutes } from './modules/orders/routes.js';
import { OrderService } from './modules/orders/service.js';
import { PaymentChannels } from './modules/payments/channel-registry.js';
import { RECONCILE_JOB, reconcileJob } from './modules/payments/reconciler.js';
import { paymentRoutes, registerSandboxCheckout } from './modules/payments/routes.js';
import { PaymentService } from './modules/payments/service.js';
import { pointsRoutes } from './modules/points/routes.js';
import { PointsService } from './modules/points/service.js';
import { redeemRoutes } from './modules/redeem/routes.js';
import { RedeemService } from './modules/redeem/service.js';
import { campaignConsoleRoutes } from './modules/redeem/console-routes.js';
import { settingsConsoleRoutes } from './modules/settings/console-routes.js';
import { paymentChannelConsoleRoutes } from './modules/payments/console-channels.js';
import { outboxConsoleRoutes } from './modules/messages/console-routes.js';
import { CampaignConsoleService } from './modules/redeem/console-service.js';
import { mallConsoleRoutes } from './modules/mall/console-routes.js';
import { MallConsoleService } from './modules/mall/console-service.js';
import { taskRewardConsoleRoutes } from './modules/tasks/console-routes.js';
import { TaskRewardConsoleService } from './modules/tasks/console-service.js';
import { searchConsoleRoutes, searchRoutes } from './modules/search/routes.js';
import { SearchService } from './modules/search/service.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { SettingsService } from './modules/settings/service.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { TaskService } from './modules/tasks/service.js';
import { registerUploadFiles, uploadRoutes } from './modules/uploads/routes.js';
import { UploadService } from './modules/uploads/service.js';
import { userRoutes } from './modules/users/routes.js';
import { VITALS_PER_MINUTE, vitalsRoutes } from './modules/vitals/routes.js';
import { VitalsService } from './modules/vitals/service.js';
import { watchRecordRoutes } from './modules/watch-records/routes.js';
import { WatchRecordService } from './modules/watch-records/service.js';
import { registerConsoleApp } from './modules/console-app/routes.js';
import { registerWebApp } from './modules/web/routes.js';
import { Authenticator } from './platform/auth.js';
import { type Config, REPO_ROOT } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './platform/errors.js';
import { refuseNulCharacters } from './platform/nul-guard.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { ResponseCache } from './platform/response-cache.js';
import { CacheBroadcast } from './platform/cache-broadcast.js';
import { MediaSigner } from './platform/media-signing.js';
import { inProcessRateLimits, redisRateLimits } from './platform/rate-limits.js';
import { closeRedis, connectRedis, createRedis, RedisHealth } from './platform/redis.js';
import { deriveKeys } from './platform/keys.js';
import { keptSecret } from './platform/secrets.js';
import { TokenService } from './platform/tokens.js';
import { JobQueue } from './platform/jobs/queue.js';
import { createStorage } from './platform/storage/index.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The time services see (tests move it across day boundaries); default the real time. */
  clock?: () => Date;
}

/** A registered route, as the role test and the docs list them. */
export interface RouteRecord {
  method: string;
  url: string;
  config: { console?: ConsoleRule } & Record<string, unknown>;
}

export interface App {
  server: FastifyInstance;
  ctx: AppContext;
  /** Every route registered, in order. */
  routes: RouteRecord[];
  services: {
    catalogue: CatalogueService;
    settings: SettingsService;
    payments: PaymentService;
    orders: OrderService;
    search: SearchService;
    discovery: DiscoveryIndex | null;
    push: PushService;
  };
}

const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export function defaultLogger(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}

/** Builds the app: platform plugins first, then every module's routes. Listening is main.ts's job. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const fastifyOptions: FastifyServerOptions = {
    logger: options.logger ?? defaultLogger(config),
    // A number is that many proxies in front: the hop function trusts exactly them.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Every JSON body the app takes is small: anything larger is refused (413) from its
    // Content-Length before it is read, or as soon as a chunked body passes the limit. The few
    // routes that take more (legal texts, catalogue imports, uploads) set their own limit.
    bodyLimit: 64 * 1024,
    // Requests still running when shutdown begins are allowed to finish; idle keep-alive sockets close.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  };
  // With a certificate, HTTP/2 over TLS (HTTP/1.1 for clients that do not offer it). Routes see
  // the same request and reply either way, so the instance keeps the default type.
  const server =
    config.TLS_CERT && config.TLS_KEY
      ? (Fastify({
          ...(fastifyOptions as FastifyHttp2SecureOptions<Http2SecureServer>),
          http2: true,
          https: { allowHTTP1: true, cert: config.TLS_CERT, key: config.TLS_KEY },
        }) as unknown as FastifyInstance)
      : Fastify(fastifyOptions);
  server.setValidatorCompiler(validatorCompiler);
  // Handlers are type-checked against the response schemas at compile time; the tests parse
  // every answer with the same schemas. Serialising without re-validating keeps hot reads fast.
  // Answers built from kept JSON come back as bytes, which Fastify sends as they are (its type
  // says string, its code takes either).
  server.setSerializerCompiler(() => (data) => serialise(data) as string);
  const routes: RouteRecord[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: (route.config ?? {}) as RouteRecord['config'] });
    }
  });
  registerErrorHandler(server);
  refuseNulCharacters(server);
  await registerSecurityHeaders(server, config);

  const clock = options.clock;
  const keys = deriveKeys(config.JWT_SECRET ?? keptSecret(config.DATA_DIR, 'jwt-secret'), {
    ...(config.MEDIA_SIGNING_SECRET ? { 'media-addresses': config.MEDIA_SIGNING_SECRET } : {}),
  });
  const tokens = new TokenService(keys.tokens);
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, config.REDIS_TIMEOUT_MS) : undefined;
  const redisHealth = redis ? new RedisHealth(server.log) : undefined;
  if (redis && redisHealth) {
    server.addHook('onReady', async () => connectRedis(redis, redisHealth));
    server.addHook('onClose', async () => closeRedis(redis));
  }
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens,
    auth: new Authenticator(database.db, tokens),
    mediaSigner: new MediaSigner(keys['media-addresses'], config.MEDIA_URL_TTL_SECONDS),
    version: VERSION,
    clock: options.clock ?? (() => new Date()),
    rateLimits:
      redis && redisHealth
        ? redisRateLimits(redis, redisHealth, config.REDIS_TIMEOUT_MS)
        : inProcessRateLimits(clock ? () => clock().getTime() : Date.now),
    operators: new OperatorAuth(database.db, config, options.clock ?? (() => new Date())),
    storage: createStorage(config),
    jobs: new JobQueue(database.db, { stallSeconds: config.JOBS_STALL_SECONDS, pollSeconds: config.JOBS_POLL_SECONDS, log: server.log }),
    changes: new Changes(),
  };
  // Workers start once every module has registered its jobs, and stop before the database closes.
  server.addHook('onReady', async () => ctx.jobs.start());
  server.addHook('onClose', async () => ctx.jobs.stop());
  const responseCache = new ResponseCache(30_000, 2_000);
  responseCache.register(server);
  const catalogue = new CatalogueService(ctx);
  const catalogueChanges = new CacheBroadcast('catalogue', redis, () => catalogue.changedElsewhere());
  catalogueChanges.register(server);
  // Scheduled dramas come out by a job; each instance watches the schedule for its own caches.
  await ctx.jobs.register(catalogue.releases.job(() => catalogueChanges.publish()));
  await ctx.jobs.every(RELEASE_JOB, RELEASE_SWEEP_SECONDS);
  server.addHook('onReady', async () => catalogue.releases.start(() => ctx.jobs.wake(RELEASE_JOB)));
  server.addHook('onClose', async () => catalogue.releases.stop());
  const settings = new SettingsService(database.db);
  const episodes = new EpisodeConsoleService(ctx);
  await ctx.jobs.register(mediaJob(ctx));
  const analytics = new AnalyticsService(ctx);
  await analytics.registerJobs();
  const accounts = createAccountServices(ctx, { keys, log: server.log });
  const likes = new LikeService(ctx, catalogue);
  const favorites = new FavoriteService(ctx, catalogue);
  const memberSettings = new MemberSettingsService(ctx);
  // Made before the modules whose changes make notices; they find it through ctx (notices/service.ts).
  const notices = new NoticeService(ctx, server.log);
  await ctx.jobs.register(vipEndingJob(notices));
  await ctx.jobs.schedule(VIP_ENDING_JOB, VIP_ENDING_CRON, { timeZone: config.APP_TIMEZONE });
  const push = new PushService(ctx, server.log);
  // Every notice made (already filtered by the member's switches) also goes to the member's devices.
  notices.addSink(push);
  const watchRecords = new WatchRecordService(ctx, catalogue, memberSettings, ctx.clock);
  const feedback = new FeedbackService(ctx, ctx.clock);
  const uploads = new UploadService(ctx, ctx.clock);
  const avatars = new AvatarService(ctx, ctx.clock);
  const vitals = new VitalsService(ctx);
  const importer = new DramaImportService(ctx, catalogue, ctx.clock);
  const discovery =
    config.DISCOVERY_INDEX === 'memory'
      ? new DiscoveryIndex(database.db, {
          maxLagMs: config.DISCOVERY_MAX_LAG_MS,
          onTextsChanged: () => ctx.changes.emit('search-texts.changed'),
          mediaBaseUrl: config.MEDIA_BASE_URL,
        })
      : null;
  const search = new SearchService(ctx, discovery);
  await search.registerJobs();
  const recommendations = new RecommendationService(ctx);
  await recommendations.registerJobs();
  const explore = new ExploreService(ctx, catalogue, (userId) => recommendations.rankedIds(userId), discovery);
  const points = new PointsService(ctx);
  const tasks = new TaskService(ctx, catalogue, settings);
  const mall = new MallService(ctx);
  const redeem = new RedeemService(ctx);
  const membership = new MembershipService(ctx);
  const paymentChannels = await PaymentChannels.create(config, database.db, {
    sandboxSecret: () => config.SANDBOX_PAYMENT_SECRET ?? keptSecret(config.DATA_DIR, 'sandbox-payment-key'),
    clock: ctx.clock,
  });
  if (paymentChannels.sandbox && config.NODE_ENV === 'production') {
    server.log.warn('The sandbox payment channel is on: anyone can mark its orders paid (list live channels in PAYMENT_CHANNELS)');
  }
  // Refund results the channels report later (WeChat Pay's REFUND.* notifications, Alipay's refund
  // query asked by the reconciler) settle refunds as the console's own calls do: a call, not a
  // change on ctx.changes, since what settling did answers the channel.
  const refundSettlement = new RefundSettlement(ctx);
  const payments = new PaymentService(ctx, paymentChannels, server.log, (key, orderNo, notice) => refundSettlement.settleNotified(key, orderNo, notice));
  const orders = new OrderService(ctx, membership, payments);
  await ctx.jobs.register(reconcileJob(payments, server.log));
  if (config.RECONCILE_INTERVAL_SECONDS > 0) await ctx.jobs.every(RECONCILE_JOB, config.RECONCILE_INTERVAL_SECONDS);
  const orderConsole = new OrderConsoleService(ctx, payments, refundSettlement);
  const reconciliation = new ReconciliationService(ctx, paymentChannels);
  await reconciliation.registerJobs();

  // Who hears each change a module announces (platform/changes.ts), in one list.
  ctx.changes.on('catalogue.changed', () => {
    responseCache.clear();
    search.invalidate();
    analytics.forget();
  });
  // An episode's change, or its media becoming ready on whichever instance processed it, reaches every instance's caches.
  ctx.changes.on('episodes.changed', () => {
    catalogue.invalidate();
    catalogueChanges.publish();
  });
  ctx.changes.on('search-texts.changed', () => search.forgetResults());
  // What a member watches, likes or favourites refreshes their "For you" list shortly after.
  ctx.changes.on('member.active', (userId) => recommendations.touch(userId));

  const operators = new OperatorService(ctx, server.log);
  // Operators' API tokens for every admin call; the bootstrap token only makes operators and their tokens.
  const adminAccess = new AdminAccess(ctx.operators, adminToken(config));
  server.addHook('onReady', async () => operators.ensureFirstOwner(config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`));
  await server.register(fastifyCookie);

  await server.register(fastifySwagger, {
    openapi: {
      info: { title: 'Short Drama API', version: VERSION, description: 'The API of the short-drama app.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          consoleSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const api = server.withTypeProvider<ZodTypeProvider>();
  await api.register(
    async (scope) => {
      await scope.register(healthRoutes(ctx, discovery));
      await scope.register(settingsRoutes(settings));
      await scope.register(catalogueRoutes(ctx, catalogue));
      await scope.register(authRoutes(ctx, accounts.auth, accounts.challenges));
      await scope.register(userRoutes(ctx, accounts.users));
      await scope.register(memberSettingsRoutes(ctx, memberSettings));
      await scope.register(pushRoutes(ctx, push));
      await scope.register(noticeRoutes(ctx, notices));
      await scope.register(operatorAdminRoutes(new OperatorBootstrap(ctx, operators), adminAccess), { prefix: '/admin' });
      await scope.register(likeRoutes(ctx, likes));
      await scope.register(favoriteRoutes(ctx, favorites));
      await scope.register(watchRecordRoutes(ctx, watchRecords));
      await scope.register(feedbackRoutes(ctx, feedback));
      await scope.register(uploadRoutes(ctx, uploads));
      await scope.register(avatarRoutes(ctx, avatars));
      await scope.register(vitalsRoutes(vitals, ctx.rateLimits.create('vitals', VITALS_PER_MINUTE, 60_000)));
      await scope.register(searchRoutes(search));
      await scope.register(exploreRoutes(ctx, explore));
      await scope.register(recommendationRoutes(ctx, recommendations));
      await scope.register(pointsRoutes(ctx, points));
      await scope.register(taskRoutes(ctx, tasks));
      await scope.register(mallRoutes(ctx, mall));
      await scope.register(redeemRoutes(ctx, redeem));
      await scope.register(membershipRoutes(membership));
      await scope.register(orderRoutes(ctx, orders));
      await scope.register(paymentRoutes(payments));
      // The operators' console: every route declares the roles that may call it (platform/route.ts).
      await scope.register(
        async (consoleScope) => {
          await consoleScope.register(operatorConsoleRoutes(ctx, operators));
          await consoleScope.register(auditConsoleRoutes(ctx));
          await consoleScope.register(orderConsoleRoutes(ctx, orderConsole));
          await consoleScope.register(reconciliationConsoleRoutes(ctx, reconciliation));
          await consoleScope.register(catalogueConsoleRoutes(ctx, new CatalogueConsoleService(ctx, catalogue, catalogueChanges)));
          await consoleScope.register(episodeConsoleRoutes(ctx, episodes));
          await consoleScope.register(analyticsConsoleRoutes(ctx, analytics));
          await consoleScope.register(membersConsoleRoutes(ctx, new MembersConsoleService(ctx)));
          await consoleScope.register(feedbackConsoleRoutes(ctx, new FeedbackConsoleService(ctx, ctx.clock)));
          await consoleScope.register(campaignConsoleRoutes(ctx, new CampaignConsoleService(ctx, redeem)));
          await consoleScope.register(settingsConsoleRoutes(ctx, settings));
          await consoleScope.register(paymentChannelConsoleRoutes(ctx, paymentChannels));
          await consoleScope.register(outboxConsoleRoutes(ctx));
          await consoleScope.register(mallConsoleRoutes(ctx, new MallConsoleService(ctx)));
          await consoleScope.register(taskRewardConsoleRoutes(ctx, new TaskRewardConsoleService(ctx)));
          await consoleScope.register(catalogueImportRoutes(ctx, importer));
          await consoleScope.register(searchConsoleRoutes(ctx, search));
        },
        { prefix: '/console' },
      );
    },
    { prefix: API_BASE },
  );
  await registerMedia(server, ctx, catalogue);
  await registerSandboxCheckout(server, payments);
  await registerUploadFiles(server, ctx);
  await registerAvatarFiles(server, avatars);
  await registerConsoleApp(server, ctx);
  await registerWebApp(server, ctx);

  return { server, ctx, routes, services: { catalogue, settings, payments, orders, search, push, discovery } };
}
