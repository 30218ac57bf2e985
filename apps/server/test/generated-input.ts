import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { adminSessions, admins, sessions } from '../src/db/schema.js';
import { sha256 } from '../src/lib/secrets.js';
import { appForFile } from './file-app.js';
import { fund, readyUser, USDT } from './money.js';
import { adminToken, TEST_ADMIN, type TestApp } from './test-app.js';

/**
 * The app the generated-input suites send every route to: a verified user with a fund password and
 * money, so generated input can reach the services, and the test operator. `freshToken` opens a new
 * session for either (the operator's when `console`): generated input may legitimately end sessions
 * (revoke by id, sign out others, change the password, reset 2FA), which would turn the rest of the
 * suite into 999s, so each route gets sessions of its own.
 */
export function generatedInputApp(): { t: TestApp; freshToken: (console: boolean) => Promise<string> } {
  const t = appForFile();
  let userId: number;
  let adminId: number;
  beforeAll(async () => {
    const user = await readyUser(t);
    await fund(t, user.id, USDT, '1000');
    userId = user.id;
    await adminToken(t);
    const [admin] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    adminId = admin!.id;
  });
  const freshToken = async (console: boolean): Promise<string> => {
    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(Date.now() + 3_600_000);
    if (console)
      await t.database.db.insert(adminSessions).values({ adminId, tokenHash: sha256(token), expiresAt, scope: 'full' });
    else await t.database.db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt });
    return token;
  };
  return { t, freshToken };
}
