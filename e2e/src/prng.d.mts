/** Types of prng.mjs (plain JavaScript, shared with the benchmarks). */
export declare function prng(seed: number): () => number;
