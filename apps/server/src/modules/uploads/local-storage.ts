import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bytesThenRow, type UploadStorage } from './storage.js';

export const uploadDir = (dataDir: string) => join(dataDir, 'uploads');

/** Files under DATA_DIR/uploads/<id>, readable by the server's user only. Ids are checked before they get here. */
export function localUploadStorage(dataDir: string): UploadStorage {
  const dir = uploadDir(dataDir);
  const storage: UploadStorage = {
    kind: 'local',
    store: (id, bytes, _mime, writeRow) =>
      bytesThenRow(
        storage,
        async () => {
          await mkdir(dir, { recursive: true });
          await writeFile(join(dir, id), bytes, { flag: 'wx', mode: 0o600 });
        },
        id,
        writeRow,
      ),
    get: async (id) => {
      try {
        return await readFile(join(dir, id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    remove: async (id) => {
      await unlink(join(dir, id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    close: async () => {},
  };
  return storage;
}
