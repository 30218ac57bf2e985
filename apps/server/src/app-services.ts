import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from './app-options.js';
import { Cluster } from './cluster/cluster.js';
import { drainGuard } from './cluster/drain.js';
import { clusterMode } from './cluster/node.js';
import type { Config } from './config.js';
import { migrateForServing } from './db/app-role.js';
import { type Database, type Db, openDatabase } from './db/client.js';
import { afterFirstReply } from './lib/after-first-reply.js';
import { showOnce } from './lib/show-once.js';
import { consoleSecretKey } from './lib/totp.js';
import { MarketService } from './market/market-service.js';
import { freezeGuardPlugin } from './modules/account-security/freeze-guard.js';
import { contractsPlugin } from './modules/contracts/plugin.js';
import { indexSamplesPlugin } from './modules/index-samples/routes.js';
import { optionsPlugin } from './modules/options/routes.js';
import { productSwitchesPlugin } from './modules/products/routes.js';
import { startProofJob } from './modules/proof/job.js';
import { RebateWorker } from './modules/referral/rebates.js';
import { MarketMaker } from './modules/spot/market-maker.js';
import { SpotService } from './modules/spot/service.js';
import { startUnlockJob } from './modules/subscription/unlock.js';
import { openUploadStorage } from './modules/uploads/open-storage.js';
import type { UploadStorage } from './modules/uploads/storage.js';
import { WealthService } from './modules/wealth/service.js';
import { createNotifier, type Notifier } from './notify/notifier.js';
import { createTwilioSms } from './notify/twilio-sms.js';
import { seed } from './seed/seed.js';

// The app's services: the database, what the routes reach through `app.*`, the background work that
// starts after the first reply and stops with the app, the cluster node, and the modules' app-wide plugins.

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

type Services = {
  uploads: UploadStorage;
  market: MarketService;
  spot: SpotService;
  marketMaker: MarketMaker;
  wealth: WealthService;
  rebates: RebateWorker;
};

/** The given database, or the configured one; with `prepare`, migrated and seeded. */
export async function openAppDatabase(app: FastifyInstance, options: BuildOptions): Promise<Database> {
  const { config } = options;
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
  return database;
}

/**
 * Decorates the app with its services, schedules the background work, joins the cluster (with
 * DATABASE_URL and REDIS_URL) and stops it all when the app closes. Returns the cluster node, if any.
 */
export async function startServices(
  app: FastifyInstance,
  database: Database,
  options: BuildOptions,
): Promise<Cluster | undefined> {
  const services = await decorateServices(app, database, options);
  const jobs = scheduleJobs(app, database, services, options);
  const cluster = joinCluster(app, options);
  const { uploads, market, spot, marketMaker, wealth, rebates } = services;
  app.addHook('onClose', async () => {
    await marketMaker.stop();
    await wealth.stop(); // wealth
    await rebates.stop(); // community
    jobs.stopUnlockJob(); // new-coin subscription
    await spot.close();
    await market.stop();
    await uploads.close();
    if (!options.database || options.ownsDatabase) await database.close();
  });
  return cluster;
}

async function decorateServices(app: FastifyInstance, database: Database, options: BuildOptions): Promise<Services> {
  const { config } = options;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const uploads = await openUploadStorage(config.uploads, { db: database.db, dataDir: config.dataDir, log: app.log });
  app.decorate('uploads', uploads);
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
  // wealth: the products' service on the app's clock; its daily accrual is a background job (below).
  const wealth = new WealthService({ db: database.db, now: options.now ?? Date.now, prices: () => market.livePrices });
  app.decorate('wealth', wealth);
  // community: rebates follow the fee postings within about a second, off the trading hot path.
  const rebates = new RebateWorker(database.db, app.log);
  app.decorate('rebates', rebates);
  return { uploads, market, spot, marketMaker, wealth, rebates };
}

/**
 * The background work, each started once the server has answered its first request. The jobs run only
 * in the process entry (`startMarket`), and the once-only ones only where no cluster leader decides who
 * runs them; tests call them themselves (app.wealth.accrue(), app.rebates.runOnce(), releaseDueUnlocks).
 */
function scheduleJobs(
  app: FastifyInstance,
  database: Database,
  { market, spot, marketMaker, wealth, rebates }: Services,
  options: BuildOptions,
): { stopUnlockJob: () => void } {
  const { config } = options;
  // cluster: with DATABASE_URL and REDIS_URL, the leader lock decides who runs the once-only
  // work below (feed, settlements, jobs), and engine locks who runs each spot book; else all runs here.
  const solo = !clusterMode(config);
  // wealth: the daily accrual (it catches up on missed days).
  if (options.startMarket && solo)
    afterFirstReply(app, () => wealth.start(undefined, (error) => app.log.error(error, 'wealth accrual')));
  // community: the rebate worker.
  if (options.startMarket && solo) afterFirstReply(app, () => rebates.start());
  // new-coin subscription: releases lock-ups as they end.
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
  return { stopUnlockJob: () => unlockJob?.stop() };
}

/** cluster: this node, decorated as `app.cluster` (undefined when the app runs alone). */
function joinCluster(app: FastifyInstance, options: BuildOptions): Cluster | undefined {
  const cluster = clusterMode(options.config)
    ? new Cluster({ app, startWorkers: Boolean(options.startMarket), tuning: options.clusterTuning })
    : undefined;
  app.decorate('cluster', cluster);
  // The node lets go of its locks and engines before anything below closes.
  if (cluster) app.addHook('preClose', async () => cluster.stop());
  // cluster: requests in flight are counted, and a draining node refuses new ones (retryable).
  if (cluster) drainGuard(app, cluster);
  return cluster;
}

/**
 * The modules' app-wide plugins, after the HTTP plugins and before the routes: product switches, the
 * account freeze guard, the contracts' re-marking, the options' index samples and settler.
 */
export async function registerModulePlugins(app: FastifyInstance, options: BuildOptions): Promise<void> {
  // products (switches): decorated before any product's routes use app.requireProduct()
  await app.register(productSwitchesPlugin);
  // account freeze: refuses the declared risk-adding and money-out routes to a frozen account
  await app.register(freezeGuardPlugin);
  // perpetual contracts: the service re-marking open positions on every index tick
  await app.register(contractsPlugin, { now: options.now, clustered: clusterMode(options.config) });
  // options: index samples from the market stream, and the options service with its settler. Both start
  // with the market in the process entry; tests start them (`app.indexSamples.start()`, `app.optionsProduct.start()`).
  await app.register(indexSamplesPlugin);
  await app.register(optionsPlugin);
  if (options.startMarket && !clusterMode(options.config)) {
    afterFirstReply(app, () => {
      app.indexSamples.start();
      void app.optionsProduct.start().catch((error) => app.log.error({ err: error }, 'option settlement failed to start'));
    });
  }
}
