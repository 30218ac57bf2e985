import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * One fresh PostgreSQL database per test file, on the server named by TEST_PG_URL (the same maintenance
 * database `npm run test:pg` uses, default postgres://postgres@127.0.0.1:5432/test). Names start with
 * `h5s_`, so a scale run never touches another run's databases (the API tests' are `h5t_`).
 */

const adminUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type ScaleDatabase = {
  name: string;
  /** The database's URL on the real server (the nodes may reach it through a proxy instead). */
  url: string;
  host: string;
  port: number;
  /** Runs one query on the database (its own short-lived connection): for the tests' checks. */
  query: <T extends object>(text: string, params?: unknown[]) => Promise<T[]>;
  drop: () => Promise<void>;
};

async function withSql<T>(url: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function createDatabase(): Promise<ScaleDatabase> {
  const name = `h5s_${randomBytes(5).toString('hex')}`;
  await withSql(adminUrl(), (sql) => sql.unsafe(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    query: (text, params = []) =>
      withSql(url.toString(), async (sql) => [...(await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]))] as never),
    // FORCE: a SIGKILLed node's connections may linger until the server notices them gone.
    drop: () => withSql(adminUrl(), (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
