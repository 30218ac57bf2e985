import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { Db } from '../../db/client.js';
import { localUploadStorage, uploadDir } from './local-storage.js';
import { findUpload } from './repo.js';
import { UPLOAD_ID_PATTERN } from './service.js';
import type { UploadStorage } from './storage.js';

export type CopySummary = { copied: number; present: number; orphaned: number; mismatched: string[] };

/**
 * Copies the uploads a node kept in DATA_DIR/uploads into the shared storage (`npm run uploads:copy`,
 * once per node after switching to the database or S3). Only files with an `uploads` row whose SHA-256
 * matches are copied; files the storage already has are left; the local files are not removed, so a
 * copy can be repeated and checked before the directory is cleared by hand.
 */
export async function copyLocalUploads(db: Db, dataDir: string, target: UploadStorage): Promise<CopySummary> {
  const local = localUploadStorage(dataDir);
  const names = await readdir(uploadDir(dataDir)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const summary: CopySummary = { copied: 0, present: 0, orphaned: 0, mismatched: [] };
  for (const id of names) {
    const row = UPLOAD_ID_PATTERN.test(id) ? await findUpload(db, id) : undefined;
    const bytes = row ? await local.get(id) : undefined;
    if (!row || !bytes) {
      summary.orphaned++;
      continue;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
      summary.mismatched.push(id);
      continue;
    }
    if (await target.get(id)) {
      summary.present++;
      continue;
    }
    // The row exists already: only the bytes are kept.
    await target.store(id, bytes, row.mime, async () => {});
    summary.copied++;
  }
  return summary;
}
