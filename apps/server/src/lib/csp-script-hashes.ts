import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the H5 build next to index.html (apps/h5/vite.config.boot.ts, same name). */
const FILE = 'csp-script-hashes.json';
const HASH = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts a built app's pages carry: the H5 page's boot
 * script is inline (a file of its own blocked its first paint for a round trip), and only a script with
 * exactly that text may run. None when the app is not built; a file that is not a list of hashes is an
 * error (a server that silently dropped them would serve a page whose boot script the browser refuses).
 */
export function cspScriptHashes(distDir: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(distDir, FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const hashes: unknown = JSON.parse(text);
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string' && HASH.test(h))) {
    throw new Error(`${join(distDir, FILE)} is not a list of script hashes`);
  }
  return hashes.map((h) => `'${h}'`);
}
