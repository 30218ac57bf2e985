import { createHash } from 'node:crypto';

/**
 * Address formats of the product's chains, checksums included, so a typo is caught before money is
 * sent to an address nobody holds:
 * - TRC20: TRON base58check, version byte 0x41 ("T…", 34 characters);
 * - ERC20: "0x" + 40 hex digits (the EIP-55 mixed-case checksum needs keccak-256, which Node lacks;
 *   the console's review is the second check);
 * - OMNI (Bitcoin): legacy base58check P2PKH "1…" / P2SH "3…", or segwit bech32 / bech32m "bc1…".
 */
export const CHAIN_NAMES = ['TRC20', 'ERC20', 'OMNI'] as const;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58].map((c, i) => [c, i]));

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** Base58 text to bytes (leading "1"s are zero bytes); undefined for a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_INDEX.get(char);
    if (digit === undefined) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 255n));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The payload of a base58check string whose 4-byte double-SHA-256 checksum holds, else undefined. */
export function base58CheckDecode(text: string): Uint8Array | undefined {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.compare(checksum, bytes.subarray(bytes.length - 4)) === 0 ? payload : undefined;
}

/** Payload + its checksum in base58 (used to build the seed's demo addresses and in tests). */
export function base58CheckEncode(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Buffer.concat([payload, checksum]));
}

// Bech32 (BIP-173) and bech32m (BIP-350).
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generators[i]!;
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

/** Regroups bits (5 → 8 for a witness program); undefined when the padding is not canonical. */
function convertBits(data: number[], from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return undefined;
  }
  return out;
}

export function bech32Encode(hrp: string, data: number[], constant: number): string {
  const values = [...hrpExpand(hrp), ...data];
  const mod = polymod([...values, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

/** A Bitcoin segwit address: witness version and program of the right lengths, checksum of its version's kind. */
export function isSegwitAddress(text: string, hrp = 'bc'): boolean {
  if (text.length < 14 || text.length > 74) return false;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (lower.slice(0, sep) !== hrp) return false;
  const data: number[] = [];
  for (const char of lower.slice(sep + 1)) {
    const d = BECH32_CHARSET.indexOf(char);
    if (d < 0) return false;
    data.push(d);
  }
  if (data.length < 7) return false;
  const check = polymod([...hrpExpand(hrp), ...data]);
  const version = data[0]!;
  if (version > 16) return false;
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0 && program.length !== 20 && program.length !== 32) return false;
  return true;
}

export function isTronAddress(text: string): boolean {
  if (text.length !== 34 || !text.startsWith('T')) return false;
  const payload = base58CheckDecode(text);
  return payload?.length === 21 && payload[0] === 0x41;
}

export function isEthereumAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text);
}

export function isBitcoinAddress(text: string): boolean {
  if (/^(bc1|BC1)/.test(text)) return isSegwitAddress(text);
  if (!/^[13]/.test(text) || text.length < 26 || text.length > 35) return false;
  const payload = base58CheckDecode(text);
  return payload?.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

/** Whether `address` is well formed for `chain`; an unknown chain has no valid address. */
export function isValidAddress(chain: string, address: string): boolean {
  switch (chain) {
    case 'TRC20':
      return isTronAddress(address);
    case 'ERC20':
      return isEthereumAddress(address);
    case 'OMNI':
      return isBitcoinAddress(address);
    default:
      return false;
  }
}
