import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_FILE, showOnce } from './show-once.js';

const dir = mkdtempSync(join(tmpdir(), 'show-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = 'admin@localhost / s3cr3t-Passw0rd';

describe('showing the first operator password once', () => {
  it('writes it to the terminal and only a note to the log', () => {
    const shown: string[] = [];
    const logged: string[] = [];
    const where = showOnce(`First: ${SECRET}`, 'First operator; its password', {
      dataDir: dir,
      log: (line) => logged.push(line),
      terminal: { isTTY: true, write: (text) => shown.push(text) },
    });
    expect(where).toBe('terminal');
    expect(shown.join('')).toContain(SECRET);
    expect(logged).toEqual(['First operator; its password (shown once on the terminal, not logged)']);
  });

  it('without a terminal, writes it to a file only its owner can read, and the log names the file', () => {
    const logged: string[] = [];
    const shown: string[] = [];
    const where = showOnce(`First: ${SECRET}`, 'First operator; its password', {
      dataDir: dir,
      log: (line) => logged.push(line),
      terminal: { isTTY: false, write: (text) => shown.push(text) },
    });
    expect(where).toBe('file');
    expect(shown).toEqual([]);
    const file = join(dir, SECRET_FILE);
    expect(readFileSync(file, 'utf8')).toContain(SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(logged.join('\n')).toContain(file);
    expect(logged.join('\n')).not.toContain('s3cr3t');
  });
});
