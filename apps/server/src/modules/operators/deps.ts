import type { FastifyInstance } from 'fastify';
import { signInLockout } from '../../lib/sign-in-lockout.js';
import { consoleSecretKey } from '../../lib/totp.js';
import type { OperatorDeps } from './service.js';

// Apart from the routes because the console sign-in (modules/admin) needs the same dependencies, and
// routes import no other module's routes.

const keys = new WeakMap<FastifyInstance, Buffer>();
/** The operator module's dependencies; the TOTP sealing key is read once per app. */
export function operatorDeps(app: FastifyInstance): OperatorDeps {
  let key = keys.get(app);
  if (!key) {
    key = consoleSecretKey(app.config.consoleSecretKey, app.config.dataDir);
    keys.set(app, key);
  }
  return { db: app.db, key, lockout: signInLockout(app) };
}
