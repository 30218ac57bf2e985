#!/usr/bin/env node
/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a built app, once, at build
 * time, at the strongest settings: the server sends them as they are (`@fastify/static` with
 * `preCompressed`) to browsers that accept them, without compressing anything per request. A phone on
 * a slow network loads about a third of the bytes.
 *
 *   node scripts/precompress.mjs apps/h5/dist
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Smaller files gain less than a compressed reply's overhead. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

const root = process.argv[2];
if (!root || !statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('usage: node scripts/precompress.mjs <built app directory>');
  process.exit(1);
}
let before = 0;
let after = 0;
for (const path of files(root)) {
  const data = readFileSync(path);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${root}: ${(before / 1024).toFixed(0)} kB of text → ${(after / 1024).toFixed(0)} kB with Brotli`);
