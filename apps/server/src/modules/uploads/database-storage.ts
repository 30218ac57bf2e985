import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadBlobs } from '../../db/schema.js';
import type { UploadStorage } from './storage.js';

/**
 * Bytes in `upload_blobs` (bytea), written in one transaction with the upload's row: every node on the
 * database serves every upload, and the database's backups carry them.
 */
export function databaseUploadStorage(db: Db): UploadStorage {
  return {
    kind: 'database',
    store: (id, bytes, _mime, writeRow) =>
      db.transaction(async (tx) => {
        // The row first: the blob references it.
        await writeRow(tx);
        await tx.insert(uploadBlobs).values({ id, bytes });
      }),
    get: async (id) => {
      const [row] = await db.select({ bytes: uploadBlobs.bytes }).from(uploadBlobs).where(eq(uploadBlobs.id, id)).limit(1);
      return row?.bytes;
    },
    remove: async (id) => {
      await db.delete(uploadBlobs).where(eq(uploadBlobs.id, id));
    },
    close: async () => {},
  };
}
