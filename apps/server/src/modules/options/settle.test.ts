import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OptionTerms, settleOption } from './settle.js';

const up = (stake: string, profit = '85', loss = '100', decimals = 6): OptionTerms => ({
  direction: 1,
  stake,
  profitRatio: profit,
  lossRatio: loss,
  decimals,
});
const down = (stake: string, profit = '85', loss = '100', decimals = 6): OptionTerms => ({
  ...up(stake, profit, loss, decimals),
  direction: 2,
});
const at = (open: string, delivery: string) => ({
  open: { price: open, time: 1_000 },
  delivery: { price: delivery, time: 61_000 },
});

describe('settleOption: exact decimals', () => {
  it('pays stake × (1 + profit ratio) on a win, up or down', () => {
    expect(settleOption(up('100'), at('60000.10', '60000.11'))).toEqual({ result: 1, payout: '185', profit: '85' });
    expect(settleOption(down('100'), at('60000.10', '60000.09'))).toEqual({ result: 1, payout: '185', profit: '85' });
    expect(settleOption(up('33.333333', '12.5'), at('0.12001', '0.12002'))).toEqual({
      result: 1,
      // 33.333333 × 1.125 = 37.499999625, rounded down to USDT's 6 places.
      payout: '37.499999',
      profit: '4.166666',
    });
  });

  it('returns stake × (1 − loss ratio) on a loss', () => {
    expect(settleOption(up('100'), at('60000.10', '60000.09'))).toEqual({ result: -1, payout: '0', profit: '-100' });
    expect(settleOption(down('100', '85', '80'), at('3000.00', '3000.01'))).toEqual({ result: -1, payout: '20', profit: '-80' });
    expect(settleOption(up('10.000001', '85', '33.3'), at('1', '0.9'))).toEqual({
      result: -1,
      // 10.000001 × 0.667 = 6.670000667 → 6.670000
      payout: '6.67',
      profit: '-3.330001',
    });
  });

  it('is flat and refunds the whole stake when the delivery price equals the open price', () => {
    expect(settleOption(up('250.5'), at('60000.10', '60000.1'))).toEqual({ result: 0, payout: '250.5', profit: '0' });
    expect(settleOption(down('250.5', '95', '100'), at('0.12000', '0.12'))).toEqual({ result: 0, payout: '250.5', profit: '0' });
  });
});

const decimal = fc
  .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
  .map(([units, places]) => (units / 10 ** places).toFixed(places));
const price = fc.integer({ min: 1, max: 10_000_000 }).map((u) => (u / 100).toFixed(2));
const terms = fc.record({
  direction: fc.constantFrom(1 as const, 2 as const),
  stake: decimal,
  profitRatio: fc.integer({ min: 0, max: 20000 }).map((v) => (v / 100).toString()),
  lossRatio: fc.integer({ min: 0, max: 10000 }).map((v) => (v / 100).toString()),
  decimals: fc.constant(6),
});

describe('settleOption: properties', () => {
  it('a re-run from the same order and samples always gives the same settlement', () => {
    fc.assert(
      fc.property(terms, price, price, (order, open, delivery) => {
        const first = settleOption(order, at(open, delivery));
        // A re-check later reads the same stored strings; copies, not the same objects.
        const again = settleOption(JSON.parse(JSON.stringify(order)), JSON.parse(JSON.stringify(at(open, delivery))));
        expect(again).toEqual(first);
      }),
    );
  });

  it('the result follows only the direction and the two prices; the payout stays within its bounds', () => {
    fc.assert(
      fc.property(terms, price, price, (order, open, delivery) => {
        const s = settleOption(order, at(open, delivery));
        const moved = Math.sign(Number(delivery) - Number(open));
        expect(s.result).toBe(moved === 0 ? 0 : moved > 0 === (order.direction === 1) ? 1 : -1);
        const stake = Number(order.stake);
        const payout = Number(s.payout);
        if (s.result === 0) expect(s.payout).toBe(order.stake.replace(/\.?0+$/, '') || '0');
        if (s.result === 1) expect(payout).toBeGreaterThanOrEqual(stake);
        if (s.result === -1) {
          expect(payout).toBeLessThanOrEqual(stake);
          expect(payout).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('no code path lets an operator or a setting choose an outcome', () => {
  const source = readFileSync(join(import.meta.dirname, 'settle.ts'), 'utf8');

  it('settleOption takes only the order and the two price samples', () => {
    expect(settleOption.length).toBe(2);
    const signature = source.match(/export function settleOption\(([^)]*)\)/)?.[1] ?? '';
    expect(signature.replace(/\s+/g, ' ').trim()).toBe(
      'order: OptionTerms, samples: { open: PriceSample; delivery: PriceSample }',
    );
    // The terms are the order's own copy of direction, stake and ratios: nothing named like an outcome.
    const terms = source.match(/export type OptionTerms = \{([^}]*)\}/)?.[1] ?? '';
    expect(terms.match(/^\s+(\w+):/gm)?.map((m) => m.trim().replace(':', ''))).toEqual([
      'direction',
      'stake',
      'profitRatio',
      'lossRatio',
      'decimals',
    ]);
  });

  it('reads no database, setting, clock, randomness or environment', () => {
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['../../lib/money.js']);
    for (const word of ['process.env', 'Date.now', 'Math.random', 'settings', 'db.', 'override', 'force'])
      expect(source.includes(word), word).toBe(false);
  });

  it('the settler is the only caller, and it passes the order and the recorded samples', () => {
    const dir = import.meta.dirname;
    const settler = readFileSync(join(dir, 'settler.ts'), 'utf8');
    const call = settler.slice(settler.indexOf('settleOption('));
    expect(call).toMatch(/\{ open, delivery: \{ price: end\.price, time: end\.priceTime \} \}/);
    // The open sample is the order's stored one or the recorded sample of its open second; the delivery
    // sample is the recorded sample of exactly its delivery second.
    expect(settler).toMatch(/o\.openPrice === null \? undefined : \{ price: o\.openPrice, time: o\.openPriceTime \?\? 0 \}/);
    expect(settler).toMatch(/openSample = samples\.get\(`\$\{o\.pairId\}:\$\{o\.openSecond\}`\)/);
    expect(settler).toMatch(/open = \{ price: openSample\.price, time: openSample\.priceTime \}/);
    expect(settler).toMatch(/const end = samples\.get\(`\$\{o\.pairId\}:\$\{o\.deliverySecond\}`\)/);
    for (const file of ['service.ts', 'routes.ts', 'repo.ts', 'void.ts'])
      expect(readFileSync(join(dir, file), 'utf8').includes('settleOption('), file).toBe(false);
  });
});
