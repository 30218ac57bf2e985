import { describe, expect, it } from 'vitest';
import { actionFamilies, describeChainFault } from './audit';

describe('actionFamilies', () => {
  it('offers one family per prefix, sorted, and skips names without a dot', () => {
    expect(actionFamilies(['withdrawal.approve', 'operator.update', 'withdrawal.reject', 'config.pair.set', 'bare'])).toEqual([
      'config.*',
      'operator.*',
      'withdrawal.*',
    ]);
  });
});

describe('describeChainFault', () => {
  it('names the row and what its fault means', () => {
    expect(describeChainFault({ check: 'hash', seq: 4, id: 9 })).toBe(
      'Row #9 (place 4) was changed after it was written: its content no longer matches its hash.',
    );
    expect(describeChainFault({ check: 'sequence', expected: 3, found: 4, id: 7 })).toContain('Place 3 is missing');
    expect(describeChainFault({ check: 'head', head_seq: 10, head_hash: 'a', last_seq: 9, last_hash: 'b' })).toContain(
      'head names place 10, the last row is place 9',
    );
    expect(describeChainFault({ check: 'unchained', id: 5 })).toContain('Row #5 is outside the chain');
    expect(describeChainFault({ check: 'link', seq: 2, id: 2 })).toContain('does not follow the row before it');
  });
});
