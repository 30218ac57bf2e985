import { describe, expect, it } from 'vitest';
import { checkUploadFile, UPLOAD_MAX_BYTES } from './upload';

describe('checkUploadFile', () => {
  it('accepts the three image types up to 5 MB', () => {
    expect(checkUploadFile({ size: 1000, type: 'image/png' })).toBeUndefined();
    expect(checkUploadFile({ size: UPLOAD_MAX_BYTES, type: 'image/jpeg' })).toBeUndefined();
    expect(checkUploadFile({ size: 1000, type: '' })).toBeUndefined();
  });

  it('refuses a larger file, an empty one and other types', () => {
    expect(checkUploadFile({ size: UPLOAD_MAX_BYTES + 1, type: 'image/png' })).toBe('too_large');
    expect(checkUploadFile({ size: 0, type: 'image/png' })).toBe('not_image');
    expect(checkUploadFile({ size: 10, type: 'application/pdf' })).toBe('not_image');
  });
});
