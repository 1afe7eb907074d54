import { FEEDBACK_LIMITS } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { checkScreenshot } from './screenshot-check';

describe('checkScreenshot', () => {
  it('accepts an image up to the size limit', () => {
    expect(checkScreenshot({ size: FEEDBACK_LIMITS.uploadMaxBytes, type: 'image/png' })).toBeNull();
  });
  it('refuses an image over the limit', () => {
    expect(checkScreenshot({ size: FEEDBACK_LIMITS.uploadMaxBytes + 1, type: 'image/jpeg' })).toBe('tooLarge');
  });
  it('refuses what is not an image', () => {
    expect(checkScreenshot({ size: 10, type: 'application/pdf' })).toBe('notImage');
    expect(checkScreenshot({ size: 10, type: '' })).toBe('notImage');
  });
});
