import { createHmac } from 'node:crypto';

/**
 * Authenticator codes for the operator the browser tests sign in as (RFC 6238: HMAC-SHA1, 30 s, 6
 * digits). The server accepts a code one step either side of now and never twice, so every sign-in
 * here takes the next step not yet used against that server, and waits for the clock only when
 * the current and the next step are spent (at most 2 sign-ins per 30 s per server).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('invalid base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function hotp(secretBase32: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}

const lastUsed = new Map<string, number>();

/** A code for `secret` that the server at `baseUrl` has not accepted yet. */
export async function nextTotpCode(baseUrl: string, secretBase32: string): Promise<string> {
  const key = `${baseUrl.replace(/\/$/, '')}|${secretBase32}`;
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    // Never the step before now: under load it can leave the server's window before the request lands.
    const step = Math.max(now, (lastUsed.get(key) ?? 0) + 1);
    if (step <= now + 1) {
      lastUsed.set(key, step);
      return hotp(secretBase32, step);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
