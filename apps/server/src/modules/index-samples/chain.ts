import { createHash } from 'node:crypto';
import { dayHeadText, genesisText, minuteOf, sampleText, utcDayStart } from '@app/shared';
import type { Db } from '../../db/client.js';
import { type ChainedSample, chainedSamplesBetween, minuteHeadsBetween, type StoredMinuteHead } from './repo.js';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A day's head: the hash over its minute checkpoints in order (docs/index-record.md). */
export function dayHead(pairId: number, day: string, minutes: readonly StoredMinuteHead[]): string {
  return sha256Hex(dayHeadText(pairId, day, minutes));
}

/** The hash a sample should carry, from its fields (what it stores as `hash` is not trusted). */
export function rehash(s: ChainedSample): string {
  return sha256Hex(sampleText(s));
}

export type ChainFault = {
  check:
    | 'hash_mismatch'
    | 'link_broken'
    | 'minute_head_mismatch'
    | 'minute_count_mismatch'
    | 'minute_samples_missing'
    | 'minute_head_missing';
  detail: Record<string, unknown>;
};

export type DayWalk = { pairId: number; day: string; samples: number; minutes: number; head: string; faults: ChainFault[] };

/**
 * Walks a pair's UTC day of the record and lists every break: a sample whose fields do not hash to
 * what it carries (a price changed), a sample not linked to the one before (a row deleted or inserted),
 * a minute checkpoint that is not its minute's last hash or count, samples without a checkpoint. A
 * minute with no samples left is a fault unless the day is past the retention (`prunedBefore`, unix
 * second): pruning keeps checkpoints, and the chain continues from them.
 */
export async function walkDay(db: Db, pairId: number, day: string, prunedBefore: number): Promise<DayWalk> {
  const from = utcDayStart(day);
  const to = from + 86_399;
  const [samples, minutes] = await Promise.all([
    chainedSamplesBetween(db, pairId, from, to),
    minuteHeadsBetween(db, pairId, from, to),
  ]);
  const faults: ChainFault[] = [];
  const byMinute = new Map<number, ChainedSample[]>();
  for (const s of samples) {
    const m = minuteOf(s.second);
    const list = byMinute.get(m);
    if (list) list.push(s);
    else byMinute.set(m, [s]);
  }
  let prev = sha256Hex(genesisText(pairId, day));
  for (const head of minutes) {
    const list = byMinute.get(head.minute) ?? [];
    byMinute.delete(head.minute);
    if (!list.length) {
      if (head.minute + 60 > prunedBefore) faults.push({ check: 'minute_samples_missing', detail: { minute: head.minute } });
      prev = head.hash;
      continue;
    }
    for (const s of list) {
      if (s.prevHash !== prev)
        faults.push({ check: 'link_broken', detail: { second: s.second, expected: prev, found: s.prevHash } });
      const hash = rehash(s);
      if (hash !== s.hash) faults.push({ check: 'hash_mismatch', detail: { second: s.second, stored: s.hash, computed: hash } });
      // The next link is checked against what this row carries, so each break is reported where it is.
      prev = s.hash;
    }
    if (prev !== head.hash)
      faults.push({ check: 'minute_head_mismatch', detail: { minute: head.minute, last_hash: prev, checkpoint: head.hash } });
    if (list.length !== head.samples)
      faults.push({
        check: 'minute_count_mismatch',
        detail: { minute: head.minute, samples: list.length, checkpoint: head.samples },
      });
    prev = head.hash;
  }
  for (const [minute, list] of byMinute) faults.push({ check: 'minute_head_missing', detail: { minute, samples: list.length } });
  return { pairId, day, samples: samples.length, minutes: minutes.length, head: dayHead(pairId, day, minutes), faults };
}
