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

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
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
