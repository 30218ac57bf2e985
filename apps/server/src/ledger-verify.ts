import { loadConfig } from './config.js';
import { migrateForServing } from './db/app-role.js';
import { openForCommand } from './db/client.js';
import { verifyLedger } from './ledger/verify.js';

/**
 * `npm run ledger:verify`: checks the whole ledger of the configured database (DATA_DIR or
 * DATABASE_URL) and exits 1 with the faults when it is not sound. The embedded database admits one
 * process at a time: stop the server first, or use the console's ledger check while it runs.
 */
const config = loadConfig();
const database = await openForCommand(config);
try {
  // A data directory from an older version gets the current tables first (migrations are idempotent).
  await migrateForServing(config, database);
  const faults = await verifyLedger(database.db);
  if (faults.length === 0) {
    console.log(
      'ledger: sound (entries sum to zero per currency; balances equal their postings and balance_after chains;' +
        " postings in their accounts' currency; none negative; clearing at 0; option, contract, spot, withdrawal," +
        ' subscription and wealth holdings equal their postings)',
    );
  } else {
    console.error(`ledger: ${faults.length} fault(s)`);
    for (const fault of faults) console.error(`- ${fault.check}: ${JSON.stringify(fault.detail)}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
