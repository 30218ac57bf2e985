import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type ShowOnceOptions = {
  /** Where the secret goes when there is no terminal (a file only the server's user may read). */
  dataDir: string;
  /** The server's JSON log: told that a secret was shown and where, never the secret. */
  log: (line: string) => void;
  /** The terminal, when there is one (tests pass their own). */
  terminal?: { isTTY?: boolean; write: (text: string) => unknown };
};

export const SECRET_FILE = 'first-operator-password.txt';

/**
 * Shows a secret once to the person starting the server, never in the JSON log (which is shipped,
 * kept and read by others): on the terminal when there is one, else in `DATA_DIR/<file>` with mode
 * 0600 — the log then names the file, which the operator reads and deletes.
 */
export function showOnce(secretLine: string, note: string, options: ShowOnceOptions): 'terminal' | 'file' {
  const terminal = options.terminal ?? process.stderr;
  if (terminal.isTTY) {
    terminal.write(`\n${secretLine}\n\n`);
    options.log(`${note} (shown once on the terminal, not logged)`);
    return 'terminal';
  }
  const file = join(options.dataDir, SECRET_FILE);
  writeFileSync(file, `${secretLine}\n`, { mode: 0o600 });
  options.log(`${note}: no terminal, so it was written to ${file} (mode 0600); read it, then delete the file`);
  return 'file';
}
