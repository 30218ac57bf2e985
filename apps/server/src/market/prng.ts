import { randomFillSync } from 'node:crypto';

/**
 * Randomness for the simulated feed, of two kinds that never mix:
 * - `Rng`, counter-based: every draw is a pure function of (seed, stream, counter), so the backfilled
 *   history and a restart's gap fill are the same for the same seed. It shapes only the past.
 * - `SecureDraws`, straight from the operating system's CSPRNG: the live seconds. Nobody (operator,
 *   seed holder or user) can compute or choose them before they happen.
 */

/** FNV-1a over the UTF-16 code units, finished with the murmur3 mix. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** murmur3's 32-bit finaliser. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Φ⁻¹ (Acklam's rational approximation, relative error < 1.2e-9), used once to build the table below. */
function inverseNormal(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - low) return -inverseNormal(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * Φ⁻¹ at the midpoints of 8192 equal slices of (0, 1): a normal draw is one uniform and an
 * interpolation, about ten times cheaper than Box–Muller. Tails are cut near ±3.6σ, which a per-second
 * step can afford: a minute sums 60 of them, and the jumps carry the fat tails.
 */
const TABLE_SIZE = 8192;
const NORMAL_TABLE = Float64Array.from({ length: TABLE_SIZE }, (_, k) => inverseNormal((k + 0.5) / TABLE_SIZE));

/** The standard normal quantile of a uniform `u` in [0, 1), interpolated in the table. */
function tableNormal(u: number): number {
  const x = u * TABLE_SIZE - 0.5;
  const k = x < 0 ? 0 : x >= TABLE_SIZE - 1 ? TABLE_SIZE - 2 : Math.floor(x);
  const lo = NORMAL_TABLE[k]!;
  return lo + (x - k) * (NORMAL_TABLE[k + 1]! - lo);
}

/** sfc32 (Small Fast Counting), seeded from four words and warmed up; uniform and normal draws. */
export class Rng {
  /** sfc32's four words; a typed array keeps them unboxed (int32 class fields would be heap numbers). */
  private readonly s = new Int32Array(4);
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number, stream: number, counter: number, kind = 0) {
    this.reset(seed, stream, counter, kind);
  }

  /** Re-seeds in place (hot loops reuse one generator rather than allocate one per minute). */
  reset(seed: number, stream: number, counter: number, kind = 0): this {
    const s = this.s;
    this.hasSpare = false;
    s[0] = mix32(seed ^ 0x9e3779b9);
    s[1] = mix32(stream ^ 0x243f6a88);
    s[2] = mix32((counter >>> 0) ^ Math.floor(counter / 0x1_0000_0000) ^ 0xb7e15162);
    s[3] = mix32(kind ^ 0x6a09e667);
    for (let i = 0; i < 15; i++) this.nextUint();
    return this;
  }

  nextUint(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint() / 0x1_0000_0000;
  }

  /** Standard normal from the inverse-CDF table (tails cut near ±3.6σ). */
  gauss(): number {
    return tableNormal(this.next());
  }

  /** Standard normal (Marsaglia's polar method, both outputs used). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    for (;;) {
      const u = 2 * this.next() - 1;
      const v = 2 * this.next() - 1;
      const s = u * u + v * v;
      if (s >= 1 || s === 0) continue;
      const f = Math.sqrt((-2 * Math.log(s)) / s);
      this.spare = v * f;
      this.hasSpare = true;
      return u * f;
    }
  }
}

/**
 * Draws from the operating system's CSPRNG (`crypto.randomFillSync`), a block of 32-bit words at a time
 * (one system call serves every pair's second). `discard()` wipes what a tick did not use, so no draw
 * for a later second is held between ticks: each second's randomness is fetched when that second comes.
 */
export class SecureDraws {
  private readonly words: Uint32Array;
  private at: number;
  /** Words fetched from the CSPRNG so far (tests check the live walk really draws from it). */
  fetched = 0;

  constructor(blockWords = 1024) {
    this.words = new Uint32Array(blockWords);
    this.at = blockWords;
  }

  nextUint(): number {
    if (this.at >= this.words.length) {
      randomFillSync(this.words);
      this.fetched += this.words.length;
      this.at = 0;
    }
    return this.words[this.at++]!;
  }

  /** Uniform in (0, 1): never 0, so a logarithm of it is finite. */
  next(): number {
    return (this.nextUint() + 0.5) / 0x1_0000_0000;
  }

  /** Standard normal from the inverse-CDF table, like `Rng.gauss` (the per-second step). */
  gauss(): number {
    return tableNormal(this.next());
  }

  /** Standard normal by Box–Muller, full tails (jump sizes); the second output is not kept. */
  normal(): number {
    return Math.sqrt(-2 * Math.log(this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** Forgets the unused draws: the next second fetches fresh ones. */
  discard(): void {
    this.words.fill(0, this.at);
    this.at = this.words.length;
  }
}
