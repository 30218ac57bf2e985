import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cspScriptHashes } from './csp-script-hashes.js';

const dirs: string[] = [];
const dist = (content?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'csp-hashes-'));
  dirs.push(dir);
  if (content !== undefined) writeFileSync(join(dir, 'csp-script-hashes.json'), content);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('cspScriptHashes', () => {
  it('quotes each hash the build wrote, as a CSP source', () => {
    const hash = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
    expect(cspScriptHashes(dist(JSON.stringify([hash])))).toEqual([`'${hash}'`]);
  });

  it('has none for an app that is not built', () => {
    expect(cspScriptHashes(dist())).toEqual([]);
    expect(cspScriptHashes(join(tmpdir(), 'no-such-dist-dir'))).toEqual([]);
  });

  it('refuses a file that is not a list of hashes, rather than letting anything through', () => {
    expect(() => cspScriptHashes(dist(JSON.stringify(["'unsafe-inline'"])))).toThrow('not a list of script hashes');
    expect(() => cspScriptHashes(dist(JSON.stringify({ hash: 'sha256-abc=' })))).toThrow('not a list of script hashes');
    expect(() => cspScriptHashes(dist('not json'))).toThrow();
  });
});
