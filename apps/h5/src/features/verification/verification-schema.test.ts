import { describe, expect, it } from 'vitest';
import { advancedSchema, basicSchema } from './verification-schema';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('verification forms', () => {
  it('checks the basic tier', () => {
    expect(issues(basicSchema.safeParse({ country: 'GB', name: 'Ada Lovelace', card_id: 'AB 123 456' }))).toEqual({});
    expect(issues(basicSchema.safeParse({ country: '', name: ' ', card_id: '' }))).toEqual({
      country: 'field_required',
      name: 'field_required',
      card_id: 'field_required',
    });
    expect(issues(basicSchema.safeParse({ country: 'GB', name: 'A', card_id: 'A1!' }))).toEqual({ card_id: 'field_invalid' });
  });

  it('needs the address and all three photos for the advanced tier', () => {
    expect(issues(advancedSchema.safeParse({ address: '1 Main St', front_pic: 'a', reverse_pic: 'b', hand_pic: 'c' }))).toEqual(
      {},
    );
    expect(issues(advancedSchema.safeParse({ address: '', front_pic: 'a', reverse_pic: '', hand_pic: '' }))).toEqual({
      address: 'field_required',
      reverse_pic: 'upload_required',
      hand_pic: 'upload_required',
    });
  });
});
