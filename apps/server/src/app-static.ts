import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { helmetOptions } from './app-http.js';
import type { Config } from './config.js';
import { cspScriptHashes } from './lib/csp-script-hashes.js';
import { securityHeaders } from './plugins/security-headers.js';

const APPS_DIR = join(import.meta.dirname, '..', '..');

/** The server's own files at /static/ and, with `serveStatic`, the built H5 app and console. */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, { root: join(APPS_DIR, 'server', 'public'), prefix: '/static/', decorateReply: false });
  if (config.serveStatic) registerApps(app);
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
