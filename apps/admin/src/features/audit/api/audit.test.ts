import { describe, expect, it } from 'vitest';
import { actionFamilies } from './audit';

describe('actionFamilies', () => {
  it('offers one family per prefix, sorted, and skips names without a dot', () => {
    expect(actionFamilies(['withdrawal.approve', 'operator.update', 'withdrawal.reject', 'config.pair.set', 'bare'])).toEqual([
      'config.*',
      'operator.*',
      'withdrawal.*',
    ]);
  });
});
