import { describe, expect, it } from 'vitest';
import { galleryImages } from './report-model';
import { toReportLocale } from './reports.service';

const image = (id: string, position: number, imageType: string) => ({
  id,
  position,
  imageType,
  blobKey: `${id}.jpg`,
  thumbnailKey: null,
});

describe('galleryImages', () => {
  it('keeps one photo per position, the latest type of the order gallery, in position order', () => {
    const picked = galleryImages([
      image('b1', 2, 'ORIGINAL'),
      image('a1', 1, 'ORIGINAL'),
      image('a2', 1, 'STAMPED'),
      image('a3', 1, 'ORIGINAL_CROPPED_NO_SHADOW'),
      image('b2', 2, 'STAMPED_LPC'),
    ]);
    expect(picked.map((i) => i.id)).toEqual(['a2', 'b2']);
  });
});

describe('toReportLocale', () => {
  it('uses the base language when reports exist in it, else French', () => {
    expect(toReportLocale('pl')).toBe('pl');
    expect(toReportLocale('en-GB')).toBe('en');
    expect(toReportLocale('ja')).toBe('fr');
  });
});
