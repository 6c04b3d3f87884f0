import { describe, expect, it } from 'vitest';
import { contactLines, galleryImages } from './report-model';
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

describe('contactLines', () => {
  it("titles the stock's contact lines in the report's language, else French, else the line's own title", () => {
    const json = JSON.stringify([
      { title: 'Address', value: '1 rue X', titles: { fr: 'Adresse', it: 'Indirizzo' } },
      { title: 'Opening hours', value: 'Mon-Fri' },
    ]);
    expect(contactLines(json, 'it')).toEqual([
      { title: 'Indirizzo', value: '1 rue X' },
      { title: 'Opening hours', value: 'Mon-Fri' },
    ]);
    expect(contactLines(json, 'de')[0]!.title).toBe('Adresse');
    expect(contactLines('not json', 'it')).toEqual([]);
  });
});
