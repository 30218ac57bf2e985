import type { FastifyInstance } from 'fastify';
import { addReplyDeadline, createServer, registerHttpPlugins } from './app-http.js';
import type { BuildOptions } from './app-options.js';
import { registerApi } from './app-routes.js';
import { openAppDatabase, registerModulePlugins, startServices } from './app-services.js';
import { registerStatic } from './app-static.js';

export { BODY_LIMIT_BYTES } from './app-http.js';
export type { BuildOptions } from './app-options.js';

/**
 * The app: the process entry's and the tests'. Each step is one file beside this one, and the steps run
 * in this order because Fastify runs hooks in the order they are added and a plugin sees only what was
 * registered before it:
 *
 * - app-http.ts      the Fastify instance; envelope, body parsers, security headers, rate limits, the
 *                    OpenAPI document, authentication, socket, metrics; the reply deadline
 * - app-services.ts  the database (migrated and seeded with `prepare`), the services on `app.*`, the
 *                    background jobs (started after the first reply, stopped on close), the cluster
 *                    node, and the modules' app-wide plugins
 * - app-routes.ts    the table of route plugins, all under /api, and the OpenAPI document's route
 * - app-static.ts    /static/ and the built H5 app and console
 *
 * They sit beside this file rather than in a folder: only top-level files may import seed/ and cluster/
 * (.dependency-cruiser.cjs, server-composition-on-top).
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = createServer(config, options.logger);
  const database = await openAppDatabase(app, options);
  const cluster = await startServices(app, database, options);
  await registerHttpPlugins(app, config, cluster);
  await registerModulePlugins(app, options);
  addReplyDeadline(app, config);
  await registerApi(app, options.now);
  // cluster: the node joins once every plugin is in place, before it serves.
  if (cluster) app.addHook('onReady', async () => cluster.start());
  await registerStatic(app, config);
  return app;
}
