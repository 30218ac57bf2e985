import { checkSampleProof, dayHeadText, type ProofCheck, type SampleProof } from '@app/shared';

/**
 * The index record checked in the browser with Web Crypto (SHA-256), apart from the server: the bytes
 * hashed are the shared canonical encodings (packages/shared/src/index-record.ts, docs/index-record.md).
 */
const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A sample with its minute and the day's checkpoints, against the head published apart from it. */
export function verifySample(proof: SampleProof, publishedHead: string): Promise<ProofCheck> {
  return checkSampleProof(proof, publishedHead, sha256Hex);
}

/** A day's head recomputed from its minute checkpoints, compared with the published one. */
export async function verifyDayHead(
  pairId: number,
  day: string,
  minutes: readonly { minute: number; hash: string }[],
  publishedHead: string,
): Promise<{ ok: boolean; computed: string }> {
  const computed = await sha256Hex(dayHeadText(pairId, day, minutes));
  return { ok: computed === publishedHead, computed };
}
