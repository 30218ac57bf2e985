import { describe, expect, it } from 'vitest';
import { rememberedSwitches } from './products';

describe('remembered product switches', () => {
  it('keeps the known products of the last reply', () => {
    expect(rememberedSwitches({ options: false, wealth: true, subscription: false })).toEqual({
      options: false,
      wealth: true,
      subscription: false,
    });
  });

  it('drops values that are not switches and products it does not know', () => {
    expect(rememberedSwitches({ options: 'no', wealth: 0, teleport: false, contracts: false })).toEqual({ contracts: false });
  });

  it('gives nothing for a missing or broken entry', () => {
    expect(rememberedSwitches(null)).toEqual({});
    expect(rememberedSwitches('off')).toEqual({});
    expect(rememberedSwitches([false])).toEqual({});
  });
});
