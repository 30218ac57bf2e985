/**
 * mulberry32: a small, fast seeded generator, so a run's workload (orders, prices, amounts) is the same
 * every run and can be replayed from its seed. Plain JavaScript, shared by the e2e and scale tests and
 * the benchmarks (which run without a TypeScript build).
 *
 * @param {number} seed
 * @returns {() => number} the next number in [0, 1) on each call
 */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
