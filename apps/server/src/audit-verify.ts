import { loadConfig } from './config.js';
import { migrateForServing } from './db/app-role.js';
import { openForCommand } from './db/client.js';
import { verifyAuditChain } from './lib/audit-chain.js';

/**
 * `npm run audit:verify`: follows the audit log's hash chain of the configured database (DATA_DIR or
 * DATABASE_URL) from its first row to its head, and exits 1 naming each fault: a row changed, removed
 * or slipped in. The embedded database admits one process at a time: stop the server first, or use the
 * console's check (Audit log page) while it runs.
 */
const config = loadConfig();
const database = await openForCommand(config);
try {
  // A data directory from an older version gets the chain first (its rows are chained in id order).
  await migrateForServing(config, database);
  const report = await verifyAuditChain(database.db);
  if (report.sound) {
    console.log(`audit log: sound (${report.rows} rows chained; head ${report.head.seq} ${report.head.hash})`);
  } else {
    console.error(`audit log: ${report.faults.length} fault(s) over ${report.rows} rows`);
    for (const fault of report.faults) console.error(`- ${JSON.stringify(fault)}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
