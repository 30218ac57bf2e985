import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from '../lib/money.js';
import { CopyBuffer } from './copy-buffer.js';
import { fixedPlaces, plainNumeric, unitsToPlain, unitsToString } from './units.js';

describe('units to decimal text', () => {
  it('places the point exactly, for any safe integer and 0–15 places', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 15 }), (units, decimals) => {
        const expected = new D(units).dividedBy(new D(10).pow(decimals)).toFixed(decimals);
        expect(unitsToString(units, decimals)).toBe(expected);
        expect(unitsToPlain(units, decimals)).toBe(new D(expected).toFixed());
      }),
      { numRuns: 2000 },
    );
  });

  it('pads small values and refuses what it cannot place exactly', () => {
    expect(unitsToString(5, 5)).toBe('0.00005');
    expect(unitsToString(0, 2)).toBe('0.00');
    expect(unitsToString(-1234, 2)).toBe('-12.34');
    expect(unitsToPlain(1_250_000, 5)).toBe('12.5');
    expect(unitsToPlain(300, 2)).toBe('3');
    expect(() => unitsToString(0.5, 2)).toThrow(RangeError);
    expect(() => unitsToString(2 ** 53, 2)).toThrow(RangeError);
  });
});

describe('COPY buffer', () => {
  it('writes units like unitsToString and splits only at row ends', () => {
    const out = new CopyBuffer(16);
    const rows: string[] = [];
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 15 }), (units, decimals) => {
        out.int(rows.length).tab().text('1min').tab().units(units, decimals).newline();
        rows.push(`${rows.length}\t1min\t${unitsToString(units, decimals)}`);
      }),
      { numRuns: 500 },
    );
    const text = Buffer.from(out.bytes()).toString('latin1');
    expect(text).toBe(`${rows.join('\n')}\n`);
    const pieces = out.chunks(1000).map((p) => Buffer.from(p).toString('latin1'));
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
    expect(pieces.length).toBeGreaterThan(5);
  });
});

describe('numeric text from the database', () => {
  it('is shown with the pair places and plain quantities', () => {
    expect(fixedPlaces('60000.120000000000000000', 2)).toBe('60000.12');
    expect(fixedPlaces('0.120010000000000000', 5)).toBe('0.12001');
    expect(fixedPlaces('5', 2)).toBe('5.00');
    expect(fixedPlaces('5.1', 3)).toBe('5.100');
    expect(fixedPlaces('7.000', 0)).toBe('7');
    // Finer than the places: rounded half up rather than cut.
    expect(fixedPlaces('1.005000', 2)).toBe('1.01');
    expect(plainNumeric('12.500000000000000000')).toBe('12.5');
    expect(plainNumeric('3.000000000000000000')).toBe('3');
    expect(plainNumeric('0.000000000000000000')).toBe('0');
    expect(plainNumeric('120')).toBe('120');
  });
});
