import { loadConfig } from './config.js';
import { demoPricesRefusal } from './market/demo-guard.js';

/**
 * Process entry: open the database, migrate and seed, listen, and close cleanly on SIGTERM/SIGINT.
 * The embedded database is opened before the rest of the server is imported: its WebAssembly
 * compiles on background threads while the main thread loads Fastify and the routes, which takes
 * about a third off a restart.
 */
const config = loadConfig();
// No production server settles real balances on made-up prices by accident (market/demo-guard.ts).
const demoRefusal = demoPricesRefusal(config);
if (demoRefusal) {
  process.stderr.write(`${demoRefusal}\n`);
  process.exit(1);
}
const { openDatabase } = await import('./db/client.js');
const opening = openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir, thread: config.pgliteThread },
);
const { buildApp } = await import('./app.js');
const { guardUncaught } = await import('./lib/driver-guard.js');
const database = await opening;
const app = await buildApp({
  config,
  database,
  ownsDatabase: true,
  prepare: true,
  startMarket: true,
});

guardUncaught(app.log);

// Before the market and the option settler start (they start after the first reply): a start on another
// price source while options are open or positions held is refused, or voids the open options when
// VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1 (market/source-guard.ts).
const { guardPriceSource, priceSourceOf, PriceSourceRefused } = await import('./market/source-guard.js');
try {
  const guarded = await guardPriceSource(app.db, {
    current: priceSourceOf(config),
    voidOpenOptions: config.voidOpenOptionsOnSourceChange,
  });
  if (guarded.changed) app.log.warn({ previous: guarded.previous, voided: guarded.voided }, 'the price source changed');
} catch (error) {
  if (!(error instanceof PriceSourceRefused)) throw error;
  app.log.fatal({ open: error.open }, error.message);
  await app.close();
  process.exit(1);
}

// The embedded database: `npm run backup` asks this process for a consistent copy over a Unix socket in
// DATA_DIR (db/backup.ts); only the server's system user reaches it.
const { serveBackups } = await import('./db/backup.js');
const backups = database.dumpDataDir
  ? await serveBackups(config.dataDir, database, app.log).catch((error) => {
      app.log.warn({ err: error }, 'the backup socket could not be opened: `npm run backup` needs the server stopped');
      return undefined;
    })
  : undefined;

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A cluster node drains first (cluster/README.md): it refuses new requests, finishes those in flight,
    // commits and hands its engines and the leader's work to the other nodes; that takes longer.
    const force = setTimeout(() => process.exit(1), app.cluster ? 30_000 : 10_000);
    force.unref();
    try {
      await app.cluster?.drain();
      await backups?.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error(error);
      process.exit(1);
    }
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
