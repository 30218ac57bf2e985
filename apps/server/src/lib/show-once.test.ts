import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_FILE, showOnce } from './show-once.js';

const dir = mkdtempSync(join(tmpdir(), 'show-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = 'admin@localhost / s3cr3t-Passw0rd';

/** Shows the secret once, with or without a terminal; answers where it went and what the terminal and log got. */
function show(terminal: { isTTY: boolean }) {
  const shown: string[] = [];
  const logged: string[] = [];
  const where = showOnce(`First: ${SECRET}`, 'First operator; its password', {
    dataDir: dir,
    log: (line) => logged.push(line),
    terminal: { isTTY: terminal.isTTY, write: (text) => shown.push(text) },
  });
  return { where, shown, logged };
}

describe('showing the first operator password once', () => {
  it('writes it to the terminal and only a note to the log', () => {
    const { where, shown, logged } = show({ isTTY: true });
    expect(where).toBe('terminal');
    expect(shown.join('')).toContain(SECRET);
    expect(logged).toEqual(['First operator; its password (shown once on the terminal, not logged)']);
  });

  it('without a terminal, writes it to a file only its owner can read, and the log names the file', () => {
    const { where, shown, logged } = show({ isTTY: false });
    expect(where).toBe('file');
    expect(shown).toEqual([]);
    const file = join(dir, SECRET_FILE);
    expect(readFileSync(file, 'utf8')).toContain(SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(logged.join('\n')).toContain(file);
    expect(logged.join('\n')).not.toContain('s3cr3t');
  });
});
