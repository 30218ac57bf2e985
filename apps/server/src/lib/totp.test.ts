import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  consoleSecretKey,
  hotp,
  openSecret,
  otpauthUri,
  sealSecret,
  totp,
  totpStep,
  verifyTotp,
} from './totp.js';

// RFC 6238 appendix B: 8-digit codes, seeds of 20, 32 and 64 ASCII bytes for SHA-1, SHA-256, SHA-512.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 test vectors for SHA-1, SHA-256 and SHA-512', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      expect(totp(SEED_SHA1, seconds * 1000, 8, 'sha1'), `sha1 @${seconds}`).toBe(sha1);
      expect(totp(SEED_SHA256, seconds * 1000, 8, 'sha256'), `sha256 @${seconds}`).toBe(sha256);
      expect(totp(SEED_SHA512, seconds * 1000, 8, 'sha512'), `sha512 @${seconds}`).toBe(sha512);
    }
  });

  it('matches the RFC 4226 HOTP vectors (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    for (const [counter, code] of expected.entries()) expect(hotp(SEED_SHA1, counter)).toBe(code);
  });

  it('accepts one step either side of now, not two', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const at = (s: number) => hotp(SEED_SHA1, s);
    expect(verifyTotp(SEED_SHA1, at(step), now)).toBe(step);
    expect(verifyTotp(SEED_SHA1, at(step - 1), now)).toBe(step - 1);
    expect(verifyTotp(SEED_SHA1, at(step + 1), now)).toBe(step + 1);
    expect(verifyTotp(SEED_SHA1, at(step - 2), now)).toBeNull();
    expect(verifyTotp(SEED_SHA1, at(step + 2), now)).toBeNull();
  });

  it('never accepts a step at or before the last accepted one (no replay)', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = hotp(SEED_SHA1, step);
    expect(verifyTotp(SEED_SHA1, code, now, step - 1)).toBe(step);
    expect(verifyTotp(SEED_SHA1, code, now, step)).toBeNull();
    // The next step's code is still good once the current one was used.
    expect(verifyTotp(SEED_SHA1, hotp(SEED_SHA1, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses malformed codes', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(verifyTotp(SEED_SHA1, bad, Date.now())).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors) and builds an otpauth URI', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1!')).toThrow();
    const uri = otpauthUri(SEED_SHA1, 'ops@example.test', 'H5 Exchange');
    expect(uri).toBe(
      'otpauth://totp/H5%20Exchange:ops%40example.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=H5+Exchange&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('seals secrets with AES-GCM: a wrong key or altered text fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'totp-key-'));
    try {
      const key = consoleSecretKey(undefined, dir);
      expect(consoleSecretKey(undefined, dir).equals(key)).toBe(true);
      expect(statSync(join(dir, 'console-secret.key')).mode & 0o777).toBe(0o600);
      const sealed = sealSecret(key, SEED_SHA1);
      expect(sealed).not.toContain(base32Encode(SEED_SHA1));
      expect(openSecret(key, sealed).equals(SEED_SHA1)).toBe(true);
      expect(() => openSecret(consoleSecretKey('another key', dir), sealed)).toThrow();
      const parts = sealed.split('.');
      parts[3] = `A${parts[3]!.slice(1)}`;
      if (parts.join('.') !== sealed) expect(() => openSecret(key, parts.join('.'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
