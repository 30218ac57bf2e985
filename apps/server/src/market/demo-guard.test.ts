import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { demoPricesRefusal } from './demo-guard.js';

const SERVER = resolve(import.meta.dirname, '../server.ts');
const TSX = resolve(import.meta.dirname, '../../../../node_modules/tsx/dist/loader.mjs');

/** Runs the server entry with `env` (on an unused port and a data directory of its own) until it exits or 20 s pass. */
async function startServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'demo-guard-'));
  const child = spawn(process.execPath, ['--conditions=development', '--import', TSX, SERVER], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '18631', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(null);
    }, 20_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      done(exitCode);
    });
  });
  const files = await readdir(dataDir);
  await rm(dataDir, { recursive: true, force: true });
  return { code, stderr, files };
}

/** A production start needs message providers (config.ts); these are never reached here. */
const PROVIDERS = { SMTP_URL: 'smtp://127.0.0.1:1', SMS_ACCOUNT_SID: 'AC0', SMS_AUTH_TOKEN: 'x', SMS_FROM: '+10000000000' };

describe('production start on the simulated feed', () => {
  it('is refused with NODE_ENV=production unless ALLOW_DEMO_PRICES=1', () => {
    const refusal = (env: Record<string, string>) => demoPricesRefusal(loadConfig({ ...PROVIDERS, ...env }));
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/Refusing to start.*MARKET_FEED=simulated.*ALLOW_DEMO_PRICES=1/s);
    expect(refusal({ NODE_ENV: 'production', MARKET_FEED: 'simulated' })).toBeDefined();
    // Only "1" allows it: anything else is not a decision to run on made-up prices.
    expect(refusal({ NODE_ENV: 'production', ALLOW_DEMO_PRICES: 'true' })).toBeDefined();
    expect(refusal({ NODE_ENV: 'production', ALLOW_DEMO_PRICES: '1' })).toBeUndefined();
    expect(refusal({ NODE_ENV: 'production', MARKET_FEED: 'binance' })).toBeUndefined();
    expect(refusal({ NODE_ENV: 'production', MARKET_FEED: 'off' })).toBeUndefined();
    expect(refusal({})).toBeUndefined();
    expect(refusal({ NODE_ENV: 'development' })).toBeUndefined();
  });

  it('makes the server exit non-zero before it opens anything, saying why on stderr', async () => {
    const { code, stderr, files } = await startServer({ ...PROVIDERS, NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start: NODE_ENV=production with MARKET_FEED=simulated');
    expect(stderr).toContain('ALLOW_DEMO_PRICES=1');
    // Nothing was created: the database was never opened.
    expect(files).toEqual([]);
  });
});
