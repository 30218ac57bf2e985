import { loadConfig } from './config.js';
import { migrateForServing } from './db/app-role.js';
import { openForCommand } from './db/client.js';
import { copyLocalUploads } from './modules/uploads/copy-local.js';
import { openSharedUploadStorage } from './modules/uploads/open-storage.js';

/**
 * `npm run uploads:copy`: copies this node's DATA_DIR/uploads into the configured shared storage
 * (UPLOAD_STORAGE database or s3), so every node serves uploads written before the switch. Safe to run
 * while the servers run and to repeat; run it on every node that kept uploads in its directory.
 */
const config = loadConfig();
if (config.uploads.kind === 'local') {
  console.error('uploads: the storage is the local directory (UPLOAD_STORAGE=local): nothing to copy');
  process.exit(1);
}
const database = await openForCommand(config);
const target = await openSharedUploadStorage(config.uploads, database.db);
try {
  await migrateForServing(config, database);
  const summary = await copyLocalUploads(database.db, config.dataDir, target!);
  console.log(`uploads_copied: ${summary.copied}`);
  console.log(`uploads_already_present: ${summary.present}`);
  console.log(`files_without_upload: ${summary.orphaned}`);
  console.log(`files_with_wrong_hash: ${summary.mismatched.length}`);
  for (const id of summary.mismatched) console.error(`- ${id}: its bytes do not match the recorded SHA-256; not copied`);
  if (summary.mismatched.length > 0) process.exitCode = 1;
} finally {
  await target?.close();
  await database.close();
}
