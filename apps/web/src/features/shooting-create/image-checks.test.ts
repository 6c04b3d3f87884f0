import { describe, expect, it } from 'vitest';
import { imageProblems, isImageFile } from './image-checks';

describe('browser image checks', () => {
  it('takes image/* files only', () => {
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });

  it('flags files of 5,000,000 bytes or more', () => {
    expect(imageProblems({ type: 'image/jpeg', size: 4_999_999 }, null)).toEqual([]);
    expect(imageProblems({ type: 'image/jpeg', size: 5_000_000 }, null)).toEqual(['tooLarge']);
  });

  it('refuses 4K and larger, accepts just below', () => {
    expect(imageProblems({ type: 'image/jpeg', size: 10 }, { width: 3840, height: 2160 })).toEqual(['tooManyPixels']);
    expect(imageProblems({ type: 'image/jpeg', size: 10 }, { width: 3839, height: 2160 })).toEqual([]);
    expect(imageProblems({ type: 'image/jpeg', size: 10 }, 'unreadable')).toEqual(['unreadable']);
  });

  it('flags image types the server does not take', () => {
    expect(imageProblems({ type: 'image/gif', size: 10 }, null)).toEqual(['unsupportedFormat']);
  });
});
