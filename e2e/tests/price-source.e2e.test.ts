import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adjustBalance,
  adminSignIn,
  apiCall,
  apiOk,
  registerUser,
  type ServerProcess,
  serverEnv,
  startServer,
  stopServer,
  verifyBasic,
} from '../src/server-process.js';
import { freePort, ROOT } from '../src/stack.js';

/**
 * The built server's start on another price source, at the process level: an option bought on the demo
 * feed of one seed is open when the server stops; a start with another seed is refused before anything
 * settles, saying what is open and how to go on; the same seed starts and the option is still open; a
 * start on the new seed with VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1 voids it and returns the stake. An
 * option never settles on prices of a source it was not bought on.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'price-source-e2e-'));
const SEED_A = { MARKET_SEED: 'source-a', MARKET_MAKER: '0' };
const SEED_B = { MARKET_SEED: 'source-b', MARKET_MAKER: '0' };
const DELIVERY_SECONDS = '600';
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the built server on `dataDir` until it exits by itself (or 90 s pass): its exit code and output. */
async function runUntilExit(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, extra), PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(null);
    }, 90_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      done(exitCode);
    });
  });
  return { code, output };
}

/**
 * Buys an up option of 100 USDT as soon as the index is fresh enough to open one (purchases refuse an
 * index older than 2 s; the demo feed goes live after its short backfill).
 */
async function buyOption(baseUrl: string, token: string): Promise<OptionOrder> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reply = await apiCall(
      baseUrl,
      'POST',
      'microtrade/submit',
      { match_id: '1', currency_id: '3', type: '1', seconds: DELIVERY_SECONDS, number: '100' },
      { token },
    );
    if (reply.type === 'ok') return reply.message as OptionOrder;
    if (reply.error !== 'option_price_unavailable' || Date.now() > deadline) throw new Error(JSON.stringify(reply));
    await new Promise((r) => setTimeout(r, 500));
  }
}

type OptionOrder = { id: number; status: string; open_price: string | null; void_reason: string | null; payout: string | null };

const options = async (status: 'open' | 'delivered', token: string) =>
  ((await apiOk(server!.baseUrl, 'GET', `microtrade/lists?status=${status}`, undefined, { token })) as { list: OptionOrder[] })
    .list;

describe('a start on another price source', () => {
  it('is refused while an option is open, starts on the same source, and with the setting voids the option', async () => {
    server = await startServer(dataDir, SEED_A);
    const admin = await adminSignIn(server.baseUrl);
    const user = await registerUser(server.baseUrl, admin, 'source', 'source-pass-1');
    await verifyBasic(server.baseUrl, admin, user, 'Source Watcher');
    await adjustBalance(server.baseUrl, admin, user.id, { currency_id: '3', account: 'option', amount: '1000', reason: 'e2e' });
    await apiOk(
      server.baseUrl,
      'POST',
      'admin/options/seconds',
      { seconds: DELIVERY_SECONDS, profit_ratio: '80', loss_ratio: '100', min_num: '1', max_num: '500' },
      { token: admin },
    );
    const bought = await buyOption(server.baseUrl, user.token);
    // Its open price is the recorded sample of its open second, final once that second is over.
    const deadline = Date.now() + 15_000;
    while (!(await options('open', user.token))[0]?.open_price) {
      if (Date.now() > deadline) throw new Error('the open second was not recorded within 15 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await stopServer(server, 'SIGTERM');
    server = undefined;

    const refused = await runUntilExit(SEED_B);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The price source changed');
    expect(refused.output).toContain('options: 1 open');
    expect(refused.output).toContain('VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1');

    // The same source starts, and the option waits for its delivery second as before.
    server = await startServer(dataDir, SEED_A);
    expect((await options('open', user.token)).map((o) => o.id)).toEqual([bought.id]);
    await stopServer(server, 'SIGTERM');

    // The operator's explicit choice: the new source, the open option voided with its stake returned.
    server = await startServer(dataDir, { ...SEED_B, VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE: '1' });
    expect(await options('open', user.token)).toEqual([]);
    const [voided] = await options('delivered', user.token);
    expect(voided).toMatchObject({ id: bought.id, status: 'void', void_reason: 'source_changed', payout: '100' });
    await stopServer(server, 'SIGTERM');
    server = undefined;
  });
});
