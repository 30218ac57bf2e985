import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { type Database, type Db, openDatabase, queryRows } from './client.js';

/**
 * PostgreSQL with two roles (docs/operations.md "Database roles"): the owner runs the migrations
 * (MIGRATE_DATABASE_URL), the server serves as DATABASE_URL's role, which owns nothing. A role that owns
 * no table cannot ALTER it, disable its triggers or TRUNCATE it; on the audit log it may only INSERT
 * and SELECT, so the log's append-only and hash-chain triggers bind the server itself.
 *
 * Required in production (config.ts refuses a start without it); in development DATABASE_URL alone
 * migrates and serves as one role (the cluster and scale runs do).
 */

/** The login role a PostgreSQL URL names. */
export const roleOfUrl = (url: string): string => decodeURIComponent(new URL(url).username);

/**
 * Everything the server does, and no more: read and write the tables and use their sequences; on
 * audit_log only INSERT and SELECT, on the chain's head only SELECT (its trigger moves it as owner).
 * Run as the owner after each migration, so tables a migration adds are covered too.
 */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  const [{ schema } = { schema: 'public' }] = await queryRows<{ schema: string }>(owner, sql`SELECT current_schema() AS schema`);
  const r = sql.identifier(role);
  const s = sql.identifier(schema);
  await owner.execute(sql`GRANT USAGE ON SCHEMA ${s} TO ${r}`);
  await owner.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r}`);
  await owner.execute(sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`);
  await owner.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM ${r}`);
  await owner.execute(sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_chain_head FROM ${r}`);
}

/**
 * Refuses to serve as a role that could rewrite the audit log: a superuser, or the owner of any table
 * (an owner may ALTER, DISABLE TRIGGER or TRUNCATE whatever it was granted or not).
 */
export async function assertUnprivileged(app: Db, role: string): Promise<void> {
  const [row] = await queryRows<{ superuser: boolean; owned: string }>(
    app,
    sql`SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = ${role}) AS superuser,
          (SELECT count(*)::text FROM pg_tables WHERE schemaname = current_schema() AND tableowner = ${role}) AS owned`,
  );
  if (row?.superuser) throw new Error(`DATABASE_URL's role "${role}" is a superuser: serve as a role that owns no table`);
  if (row && row.owned !== '0') {
    throw new Error(
      `DATABASE_URL's role "${role}" owns ${row.owned} table(s): with MIGRATE_DATABASE_URL set, serve as a role that owns none`,
    );
  }
}

/**
 * Migrates the database the server is about to serve: through MIGRATE_DATABASE_URL (then granting
 * DATABASE_URL's role and checking it owns nothing) when both URLs are set, else on `database` itself.
 */
export async function migrateForServing(config: Pick<Config, 'databaseUrl' | 'migrateDatabaseUrl'>, database: Database) {
  if (!(database.kind === 'postgres' && config.databaseUrl && config.migrateDatabaseUrl)) {
    await database.migrate();
    return;
  }
  const role = roleOfUrl(config.databaseUrl);
  const owner = await openDatabase({ kind: 'postgres', url: config.migrateDatabaseUrl, max: 1 });
  try {
    await owner.migrate();
    await grantAppRole(owner.db, role);
  } finally {
    await owner.close();
  }
  await assertUnprivileged(database.db, role);
}
