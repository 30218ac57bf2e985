import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) for operators' two-factor sign-in:
 * HMAC-SHA1, 30-second steps, 6 digits, a code accepted one step either side of now (clock drift),
 * and never twice (the caller keeps the last accepted step). node:crypto only.
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case and spaces ignored, padding optional); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

type Algorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 HOTP: dynamic truncation of HMAC(secret, counter) to `digits` decimal digits. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: Algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) |
    ((mac[offset + 1]! & 0xff) << 16) |
    ((mac[offset + 2]! & 0xff) << 8) |
    (mac[offset + 3]! & 0xff);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (ms since the epoch). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code for a moment. */
export function totp(secret: Buffer, nowMs: number, digits = TOTP_DIGITS, algorithm: Algorithm = 'sha1'): string {
  return hotp(secret, totpStep(nowMs), digits, algorithm);
}

/**
 * Checks a code against the steps around `nowMs`. Returns the step it matched, or null. A step at or
 * before `lastStep` is never accepted, so a code seen once (on screen, on the wire) cannot be replayed.
 */
export function verifyTotp(secret: Buffer, code: string, nowMs: number, lastStep = 0): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  // Every candidate is compared (no early exit), in constant time per comparison.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, given) && step > lastStep && matched === null) matched = step;
  }
  return matched;
}

/** A fresh 160-bit secret (RFC 4226 recommends at least 128, SHA-1's block suits 160). */
export const newTotpSecret = () => randomBytes(20);

/** The otpauth URI authenticator apps read from a QR code (Google Authenticator key-uri format). */
export function otpauthUri(secret: Buffer, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

// ---------------------------------------------------------------- secrets at rest

/**
 * The key that encrypts TOTP secrets in the database: SHA-256 of `CONSOLE_SECRET_KEY` when it is set,
 * otherwise 32 random bytes kept in `DATA_DIR/console-secret.key` (created once, mode 0600). Either
 * way a copy of the database alone does not reveal any operator's second factor.
 */
export function consoleSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return createHash('sha256').update(configured).digest();
  const file = join(dataDir, 'console-secret.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(key: Buffer, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** Opens what sealSecret sealed; throws when the key is wrong or the text was altered. */
export function openSecret(key: Buffer, sealed: string): Buffer {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
}
