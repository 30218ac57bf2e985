import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.js';

/**
 * Online backup and restore of the embedded database (PGlite in DATA_DIR).
 *
 * The running server owns the data directory: no second process may open it. So a backup taken while
 * it runs is asked of the server itself, over a Unix socket beside DATA_DIR (`<DATA_DIR>.backup.sock`,
 * mode 0600: only the server's own system user reaches it, nothing listens on the network and no user
 * route leads here). Beside, not inside: PGlite's copy of the directory fails on a socket in it. The server dumps the directory through its database thread between two transactions
 * (PgliteThread.dump). When no server answers on the socket, the command opens the directory itself.
 *
 * The dump is the whole DATA_DIR (PGlite's `dumpDataDir`, a gzipped tar): the database files and the
 * server's other files there (uploads, the console's secret key), so a restored directory is a
 * complete one to start a server on.
 */

/** Where the server running on `dataDir` answers backup requests. */
export const backupSocketPath = (dataDir: string) => `${resolve(dataDir)}.backup.sock`;

export type BackupSummary = { bytes: number; ms: number; sha256: string; via: 'server' | 'directory' };

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Answers backup requests on `<DATA_DIR>.backup.sock` while the server runs. The socket's only request is
 * "dump": a header line (`{"bytes":N}` or `{"error":"…"}`), then the N bytes of the gzipped tar.
 */
export async function serveBackups(
  dataDir: string,
  database: Database,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<{ close: () => Promise<void> }> {
  const dump = database.dumpDataDir;
  if (!dump) throw new Error('online backups are for the embedded database');
  const path = backupSocketPath(dataDir);
  // A socket left by a server that stopped without closing: this server owns the directory now.
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((socket) => {
    socket.once('data', async (chunk) => {
      if (chunk.toString('utf8').trim() !== 'dump') {
        socket.end(`${JSON.stringify({ error: 'unknown request' })}\n`);
        return;
      }
      const started = Date.now();
      try {
        const bytes = await dump();
        socket.write(`${JSON.stringify({ bytes: bytes.byteLength })}\n`);
        socket.end(bytes);
        log.info({ bytes: bytes.byteLength, ms: Date.now() - started }, 'database backup taken');
      } catch (error) {
        log.warn({ err: error }, 'database backup failed');
        socket.end(`${JSON.stringify({ error: String((error as Error)?.message ?? error) })}\n`);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (existsSync(path)) unlinkSync(path);
      }),
  };
}

/** Asks the server running on `dataDir` for a dump; undefined when none answers on its socket. */
export function requestDump(dataDir: string): Promise<Uint8Array | undefined> {
  const path = backupSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write('dump\n');
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file with nobody behind it: the server stopped without removing it.
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(undefined);
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) return reject(new Error('the server closed the backup socket without an answer'));
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as { bytes?: number; error?: string };
      if (header.error !== undefined) return reject(new Error(`the server could not take the backup: ${header.error}`));
      const body = all.subarray(newline + 1);
      if (body.byteLength !== header.bytes) {
        return reject(new Error(`the backup was cut short (${body.byteLength} of ${header.bytes} bytes)`));
      }
      resolve(new Uint8Array(body));
    });
  });
}

/** A dump of a data directory no server runs on: opened here, dumped, closed. */
async function dumpStopped(dataDir: string): Promise<Uint8Array> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database`);
  // PGlite removes its postmaster.pid when it closes: present, a server may be running on the directory
  // (without its socket), and a second opener would damage it.
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new Error(
      `${dataDir} is in use (postmaster.pid present, no server on ${backupSocketPath(dataDir)}): stop the server, or, if none runs, ` +
        'start and stop it once (it stopped uncleanly)',
    );
  }
  const db = await PGlite.create({ dataDir });
  try {
    await db.exec('CHECKPOINT');
    const blob = (await db.dumpDataDir('gzip')) as Blob;
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    await db.close();
  }
}

/** Writes a backup of `dataDir` to `file` (through the running server if there is one). */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupSummary> {
  const started = Date.now();
  const fromServer = await requestDump(dataDir);
  const bytes = fromServer ?? (await dumpStopped(dataDir));
  mkdirSync(dirname(file), { recursive: true });
  // Written beside, then renamed: a file at `file` is always a whole backup. 0600: it holds the data.
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
  return { bytes: bytes.byteLength, ms: Date.now() - started, sha256: sha256(bytes), via: fromServer ? 'server' : 'directory' };
}

/**
 * Unpacks a backup into `dataDir`, which must not exist or be empty, and opens it once (the database
 * replays its log and checks itself). A server started with DATA_DIR=`dataDir` then serves it.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ bytes: number; ms: number; sha256: string }> {
  const started = Date.now();
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new directory`);
  }
  const bytes = readFileSync(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const db = await PGlite.create({ dataDir, loadDataDir: new Blob([bytes]) });
    await db.query('SELECT 1');
    await db.close();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { bytes: bytes.byteLength, ms: Date.now() - started, sha256: sha256(bytes) };
}
