import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

// The query interface sits apart from client.ts so that the transaction helpers client.ts builds on
// (quick-transaction.ts) can name it without importing the client back.

export type Schema = typeof schema;
/** The query interface every repo takes: the same for PGlite and PostgreSQL, and for transactions. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
