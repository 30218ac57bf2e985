import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
// cluster: several nodes on one PostgreSQL and one Redis
import { Cluster, type ClusterTuning } from './cluster/cluster.js';
import { drainGuard } from './cluster/drain.js';
import { healthRoutes } from './cluster/health.js';
import { clusterMode } from './cluster/node.js';
import type { Config } from './config.js';
import { migrateForServing } from './db/app-role.js';
import { type Database, type Db, openDatabase } from './db/client.js';
import { afterFirstReply } from './lib/after-first-reply.js';
import { AppError } from './lib/app-error.js';
import { cspScriptHashes } from './lib/csp-script-hashes.js';
import { loggerOptions } from './lib/log-safe-error.js';
import { showOnce } from './lib/show-once.js';
// operations
import { consoleSecretKey } from './lib/totp.js';
import { MarketService } from './market/market-service.js';
// operations: Prometheus metrics at /metrics (METRICS_TOKEN)
import { metricsPlugin } from './metrics/metrics-plugin.js';
import { freezeGuardPlugin } from './modules/account-security/freeze-guard.js';
import { accountSecurityRoutes } from './modules/account-security/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
// operations: runtime configuration
import { adminConfigRoutes } from './modules/admin-config/routes.js';
import { adminMoneyRoutes } from './modules/admin-money/routes.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { bankCardRoutes } from './modules/bank-cards/routes.js';
// help centre and support chat
import { chatRoutes } from './modules/chat/routes.js';
// perpetual contracts
import { contractsPlugin } from './modules/contracts/plugin.js';
import { contractRoutes } from './modules/contracts/routes.js';
// operations: the console dashboard
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { helpRoutes } from './modules/help/routes.js';
import { identityRoutes } from './modules/identity/routes.js';
// options: time-based options and the per-second index samples
import { indexRecordRoutes, indexSampleRoutes, indexSamplesPlugin } from './modules/index-samples/routes.js';
import { marketRoutes } from './modules/market/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
// community: referral programme and notices
import { newsRoutes } from './modules/news/routes.js';
import { operatorRoutes } from './modules/operators/routes.js';
import { optionRoutes, optionsPlugin } from './modules/options/routes.js';
// products (switches)
import { productRoutes, productSwitchesPlugin } from './modules/products/routes.js';
import { startProofJob } from './modules/proof/job.js';
import { proofRoutes } from './modules/proof/routes.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { RebateWorker } from './modules/referral/rebates.js';
import { referralRoutes } from './modules/referral/routes.js';
import { MarketMaker } from './modules/spot/market-maker.js';
import { spotRoutes } from './modules/spot/routes.js';
import { SpotService } from './modules/spot/service.js';
// new-coin subscription
import { subscriptionRoutes } from './modules/subscription/routes.js';
import { startUnlockJob } from './modules/subscription/unlock.js';
import { openUploadStorage } from './modules/uploads/open-storage.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import type { UploadStorage } from './modules/uploads/storage.js';
import { walletRoutes } from './modules/wallet/routes.js';
// wealth: fixed-term financial products
import { wealthRoutes } from './modules/wealth/routes.js';
import { WealthService } from './modules/wealth/service.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { createNotifier, type Notifier } from './notify/notifier.js';
import { createTwilioSms } from './notify/twilio-sms.js';
import { authPlugin } from './plugins/auth.js';
import { envelopePlugin, frameworkErrors } from './plugins/envelope.js';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.js';
import { socketPlugin } from './plugins/socket.js';
import { seed } from './seed/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    notifier: Notifier;
    market: MarketService;
    spot: SpotService;
    marketMaker: MarketMaker;
    // wealth: fixed-term financial products and their daily accrual
    wealth: WealthService;
    // community: the referral rebate worker (runs in the process entry; tests call runOnce())
    rebates: RebateWorker;
    // uploads: where the bytes of uploaded images live (local directory, database or S3)
    uploads: UploadStorage;
  }
}

export type BuildOptions = {
  config: Config;
  /** An open database (tests pass a copy of the template); otherwise opened from the config. */
  database?: Database;
  /** Close the database with the app (the process entry hands over the one it opened). */
  ownsDatabase?: boolean;
  /** Run migrations and the seed before serving (the process entry does; tests use a seeded template). */
  prepare?: boolean;
  /**
   * Start the market feed once the server has answered its first request (the process entry does).
   * Off by default, so API tests do not pay for a backfill; a test that needs prices calls
   * `app.market.start()`.
   */
  startMarket?: boolean;
  /** The market's clock (tests fix it). */
  now?: () => number;
  logger?: boolean;
  /** cluster: lock polling and forwarding timings (tests shorten them). */
  clusterTuning?: Partial<ClusterTuning>;
};

/** Forms and JSON bodies are small; uploads (multipart) carry their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const APPS_DIR = join(import.meta.dirname, '..', '..');

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Router errors are answered before any hook runs: they get the API's security headers here.
  const routerErrorHeaders = securityHeaders(helmetOptions());
  const app = Fastify({
    // Errors are logged without SQL text or values (lib/log-safe-error.ts).
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    // cluster: a draining node refuses new requests itself, in the envelope (cluster/drain.ts), until it exits.
    return503OnClosing: !clusterMode(config),
    // Router errors (a path segment past 100 characters, a bad percent-escape) answer in the envelope.
    frameworkErrors: (error, request, reply) => {
      reply.headers(routerErrorHeaders);
      return frameworkErrors(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    ));
  if (options.prepare) {
    // PostgreSQL with MIGRATE_DATABASE_URL: migrated as the owner, served as a role that owns nothing.
    await migrateForServing(config, database);
    await seed(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      log: (line) => app.log.warn(line),
      // The generated first operator's password: on the terminal (or a 0600 file), never in the JSON log.
      showSecret: (secretLine, note) =>
        showOnce(secretLine, note, { dataDir: config.dataDir, log: (line) => app.log.warn(line) }),
      // operations: ADMIN_TOTP_SECRET enrols the first operator's second factor.
      adminTotpSecret: config.adminTotpSecret,
      secretKey: config.adminTotpSecret ? consoleSecretKey(config.consoleSecretKey, config.dataDir) : undefined,
    });
  }
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const uploads = await openUploadStorage(config.uploads, { db: database.db, dataDir: config.dataDir, log: app.log });
  app.decorate('uploads', uploads);
  // cluster: with DATABASE_URL and REDIS_URL, the leader lock decides who runs the once-only
  // work below (feed, settlements, jobs), and engine locks who runs each spot book; else all runs here.
  const clustered = clusterMode(config);
  const solo = !clustered;
  app.decorate(
    'notifier',
    createNotifier({
      db: database.db,
      log: app.log,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      sms: config.sms ? createTwilioSms(config.sms) : undefined,
      devOutbox: !config.production,
    }),
  );
  const market = new MarketService({
    database,
    feed: config.marketFeed,
    seed: config.marketSeed,
    historyDays: config.marketHistoryDays,
    dailyHistoryDays: config.marketDailyHistoryDays,
    gapFillMaxMinutes: config.marketGapFillMaxMinutes,
    restUrl: config.marketRestUrl,
    wsUrl: config.marketWsUrl,
    ...(config.marketIndex ? { index: config.marketIndex } : {}),
    log: app.log,
    now: options.now,
  });
  // Pairs are read on first use (market routes, the feed), not on the way to the first reply.
  app.decorate('market', market);
  // Spot books are rebuilt from the database once the server has answered (or on first use); the market
  // maker quotes only while the feed runs (tests start it themselves).
  const spot = new SpotService({
    database,
    market,
    toUser: (userId, event, payload) => app.realtime?.toUser(userId, event, payload),
    log: app.log,
  });
  app.decorate('spot', spot);
  const marketMaker = new MarketMaker({ db: database.db, spot, market, config: config.marketMaker, log: app.log });
  app.decorate('marketMaker', marketMaker);
  // wealth: the products' service on the app's clock; the daily accrual runs (and catches up) only in the
  // process entry (startMarket), tests call app.wealth.accrue() themselves.
  const wealth = new WealthService({ db: database.db, now: options.now ?? Date.now, prices: () => market.livePrices });
  app.decorate('wealth', wealth);
  if (options.startMarket && solo)
    afterFirstReply(app, () => wealth.start(undefined, (error) => app.log.error(error, 'wealth accrual')));
  // community: rebates follow the fee postings within about a second, off the trading hot path.
  const rebates = new RebateWorker(database.db, app.log);
  app.decorate('rebates', rebates);
  if (options.startMarket && solo) afterFirstReply(app, () => rebates.start());
  // new-coin subscription: releases lock-ups as they end (process entry only; tests call releaseDueUnlocks).
  let unlockJob: { stop: () => void } | undefined;
  if (options.startMarket && solo)
    afterFirstReply(app, () => {
      unlockJob = startUnlockJob(database.db, app.log);
    });
  afterFirstReply(app, () => void spot.ready().catch(() => {}));
  // The backfill or gap fill starts once the server has answered: no API reply waits for history.
  if (options.startMarket) {
    afterFirstReply(app, () => {
      if (solo) void market.start();
      // cluster: the market maker runs on every node and quotes only the books that node runs.
      if (config.marketMakerEnabled) void marketMaker.start();
    });
  }
  // operations: the daily proof-of-liabilities snapshot runs with the server (not in API tests).
  if (options.startMarket && config.proofJobEnabled && solo) {
    let proofJob: { stop: () => void } | undefined;
    afterFirstReply(app, () => {
      proofJob = startProofJob(database.db, app.log);
    });
    app.addHook('onClose', async () => proofJob?.stop());
  }
  const cluster = clustered
    ? new Cluster({ app, startWorkers: Boolean(options.startMarket), tuning: options.clusterTuning })
    : undefined;
  app.decorate('cluster', cluster);
  // The node lets go of its locks and engines before anything below closes.
  if (cluster) app.addHook('preClose', async () => cluster.stop());
  // cluster: requests in flight are counted, and a draining node refuses new ones (retryable).
  if (cluster) drainGuard(app, cluster);
  app.addHook('onClose', async () => {
    await marketMaker.stop();
    await wealth.stop(); // wealth
    await rebates.stop(); // community
    unlockJob?.stop(); // new-coin subscription
    await spot.close();
    await market.stop();
    await uploads.close();
    if (!options.database || options.ownsDatabase) await database.close();
  });

  await app.register(envelopePlugin);
  // The API speaks forms and JSON only; a plain-text body is refused rather than read as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(securityHeadersPlugin, helmetOptions());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError('rate_limited'),
    // cluster: one count per client across nodes; a node without Redis keeps serving.
    ...(cluster ? { redis: cluster.bus.pub, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'H5 exchange API',
        version: '3.5.8',
        description: 'Replies use the envelope {type, message}; see docs/api.md.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          console: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    // hardening: a console route states in the document which roles may call it
    // (`security: [{console: ['super', …config.roles]}]`), so the authorisation matrix of
    // src/hardening is generated from the document rather than listed by hand.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const guarded = [input.route.preValidation].flat().includes(app.requireAdmin);
      // (the support chat's console routes use their own guard around requireAdmin)
      if (!guarded && !(input.route.config?.roles && input.url.startsWith('/api/admin/'))) return out;
      const roles = ['super', ...(input.route.config?.roles ?? []).filter((role) => role !== 'super')];
      return { ...out, schema: { ...out.schema, security: [{ console: roles }] } };
    },
  });
  await app.register(authPlugin);
  await app.register(socketPlugin);
  // Prometheus metrics: before the routes, so every route's latency is observed.
  await app.register(metricsPlugin);
  // products (switches): decorated before any product's routes use app.requireProduct()
  await app.register(productSwitchesPlugin);
  // account freeze: refuses the declared risk-adding and money-out routes to a frozen account
  await app.register(freezeGuardPlugin);
  // perpetual contracts: the service re-marking open positions on every index tick
  await app.register(contractsPlugin, { now: options.now, clustered });
  // options: index samples from the market stream, and the options service with its settler. Both start
  // with the market in the process entry; tests start them (`app.indexSamples.start()`, `app.microtrade.start()`).
  await app.register(indexSamplesPlugin);
  await app.register(optionsPlugin);
  if (options.startMarket && solo) {
    afterFirstReply(app, () => {
      app.indexSamples.start();
      void app.microtrade.start().catch((error) => app.log.error({ err: error }, 'option settlement failed to start'));
    });
  }

  // A reply that has not gone out within the limit is answered with a clear timeout, never left hanging.
  app.addHook('onRequest', async (_request, reply) => {
    const timer = setTimeout(() => {
      if (!reply.sent) reply.send(new AppError('request_timeout'));
    }, config.requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });

  await app.register(
    async (api) => {
      // Replies over 1 kB (candles, lists, the OpenAPI document) compressed for clients that accept it:
      // a phone on a slow network gets a month of candles in a fraction of the bytes. Brotli at a low
      // quality: it is done for every reply, unlike the static files compressed once at build. Small
      // replies (an order, a balance) go as they are.
      await api.register(fastifyCompress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
      });
      await api.register(referenceRoutes);
      await api.register(healthRoutes); // load balancers ask each node its part in the cluster
      await api.register(authRoutes);
      await api.register(adminRoutes);
      // operations: operators, 2FA, console sessions; user security; proof of liabilities
      await api.register(operatorRoutes);
      await api.register(accountSecurityRoutes);
      await api.register(proofRoutes);
      await api.register(walletRoutes);
      await api.register(uploadRoutes);
      await api.register(depositRoutes);
      await api.register(withdrawalRoutes);
      await api.register(identityRoutes);
      await api.register(bankCardRoutes);
      await api.register(messageRoutes);
      await api.register(adminMoneyRoutes);
      await api.register(approvalRoutes);
      await api.register(marketRoutes);
      await api.register(spotRoutes);
      // wealth: fixed-term financial products
      await api.register(wealthRoutes);
      // products (switches)
      await api.register(productRoutes);
      // perpetual contracts
      await api.register(contractRoutes);
      // options
      await api.register(indexSampleRoutes);
      await api.register(indexRecordRoutes);
      await api.register(optionRoutes);
      // community: referral programme and notices
      await api.register(referralRoutes);
      await api.register(newsRoutes);
      // help centre and support chat
      await api.register(helpRoutes);
      await api.register(chatRoutes, { now: options.now });
      // new-coin subscription
      await api.register(subscriptionRoutes);
      // operations: runtime configuration and the console dashboard
      await api.register(adminConfigRoutes);
      await api.register(dashboardRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  // cluster: the node joins once every plugin is in place, before it serves.
  if (cluster) app.addHook('onReady', async () => cluster.start());

  await app.register(fastifyStatic, { root: join(APPS_DIR, 'server', 'public'), prefix: '/static/', decorateReply: false });
  if (config.serveStatic) registerApps(app);
  return app;
}

/**
 * helmet's headers for every reply. `scriptHashes`: inline scripts a page may run, by their hash (the H5
 * page's boot script); every other reply allows none.
 */
function helmetOptions(scriptHashes: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // antd and antd-mobile inject their styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The H5 page's CSP: every reply's, plus the hashes of the build's inline scripts, read from the build at
 * each load of the page (a small file), so a rebuild under a running server needs no restart.
 */
function pageCsp(distDir: string): () => string {
  let last: { key: string; csp: string } | undefined;
  return () => {
    const hashes = cspScriptHashes(distDir);
    const key = hashes.join(' ');
    if (last?.key !== key) {
      const csp = securityHeaders(helmetOptions(hashes))['content-security-policy'];
      if (!csp) throw new Error('helmet set no content security policy');
      last = { key, csp };
    }
    return last.csp;
  };
}

const PAGE = /(^|\/)index\.html(\.br|\.gz)?$/;

/** Serves the built H5 app and console; a fresh clone without a build gets a clear hint instead. */
function registerApps(app: FastifyInstance) {
  for (const name of ['h5', 'admin'] as const) {
    const root = join(APPS_DIR, name, 'dist');
    if (existsSync(root)) {
      const csp = name === 'h5' ? pageCsp(root) : undefined;
      app.register(fastifyStatic, {
        root,
        prefix: `/${name}/`,
        decorateReply: false,
        // An array: with `preCompressed`, @fastify/static finds a directory's index only in a list.
        index: ['index.html'],
        cacheControl: false,
        setHeaders: (reply, path) => {
          cacheHeaders(reply, path);
          if (csp && PAGE.test(path)) reply.header('content-security-policy', csp());
        },
        // The build writes .br and .gz copies of the text assets (scripts/precompress.mjs).
        preCompressed: true,
      });
    } else {
      app.get(`/${name}/`, async (_req, reply) =>
        reply.code(503).type('text/plain').send(`The ${name} app is not built: run npm run build.`),
      );
    }
  }
  app.get('/', async (_req, reply) => reply.redirect('/h5/'));
}

/** Hashed chunks never change, so they are cached for a year; index.html is always revalidated. */
function cacheHeaders(reply: { header: (k: string, v: string) => unknown }, path: string) {
  reply.header(
    'cache-control',
    // A precompressed copy (`.br`, `.gz`) is cached like the file it is a copy of.
    /[.-][\w-]{8,}\.(js|css|svg|png|woff2?)(\.br|\.gz)?$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}
