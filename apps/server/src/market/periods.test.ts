import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { queryRows } from '../db/client.js';
import { bucketSql, bucketStart, CANDLE_PERIODS, nextBucket } from './periods.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('candle buckets', () => {
  it('align minutes, hours and days to UTC', () => {
    const t = at('2025-03-05T13:47:31Z');
    expect(bucketStart('1min', t)).toBe(at('2025-03-05T13:47:00Z'));
    expect(bucketStart('5min', t)).toBe(at('2025-03-05T13:45:00Z'));
    expect(bucketStart('30min', t)).toBe(at('2025-03-05T13:30:00Z'));
    expect(bucketStart('60min', t)).toBe(at('2025-03-05T13:00:00Z'));
    expect(bucketStart('1day', t)).toBe(at('2025-03-05T00:00:00Z'));
  });

  it('start weeks on Monday and months on the 1st, leap years included', () => {
    expect(bucketStart('1week', at('2025-03-05T13:47:31Z'))).toBe(at('2025-03-03T00:00:00Z'));
    expect(bucketStart('1week', at('2025-03-03T00:00:00Z'))).toBe(at('2025-03-03T00:00:00Z'));
    expect(bucketStart('1week', at('2025-03-02T23:59:59Z'))).toBe(at('2025-02-24T00:00:00Z'));
    expect(bucketStart('1mon', at('2024-02-29T23:59:59Z'))).toBe(at('2024-02-01T00:00:00Z'));
    expect(nextBucket('1mon', at('2024-02-01T00:00:00Z'))).toBe(at('2024-03-01T00:00:00Z'));
    expect(nextBucket('1mon', at('2024-12-01T00:00:00Z'))).toBe(at('2025-01-01T00:00:00Z'));
    expect(nextBucket('1week', at('2025-03-03T00:00:00Z'))).toBe(at('2025-03-10T00:00:00Z'));
  });

  describe('in SQL', () => {
    const t = appForFile();

    it('match the JavaScript buckets for every period', async () => {
      const samples = [
        at('2024-02-29T23:59:59Z'),
        at('2024-12-31T23:59:59Z'),
        at('2025-01-01T00:00:00Z'),
        at('2025-03-02T23:59:59Z'),
        at('2025-03-03T00:00:00Z'),
        at('2025-03-05T13:47:31Z'),
        1_795_315_620,
      ];
      for (const period of CANDLE_PERIODS) {
        for (const s of samples) {
          const [row] = await queryRows<{ b: string | number }>(
            t.database.db,
            sql`SELECT ${bucketSql(period, sql`${s}::bigint`)} AS b`,
          );
          expect(Number(row?.b), `${period} ${s}`).toBe(bucketStart(period, s));
        }
      }
    });
  });
});
