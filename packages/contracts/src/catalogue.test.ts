import { describe, expect, it } from 'vitest';
import { catalogueGaps, interpolate, withFallback, type CatalogueLanguage } from './catalogue';

describe('the catalogue format', () => {
  it('fills {{name}} placeholders and leaves unknown ones', () => {
    expect(interpolate('Page {{page}} of {{pages}}', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(interpolate('In {{minutes}} min {{unit}}', { minutes: 3 })).toBe('In 3 min {{unit}}');
  });

  it('reads a key a language lacks from French', () => {
    const texts = Object.fromEntries(
      ['en', 'fr', 'es', 'pl', 'de', 'it', 'nl', 'pt', 'sv', 'da'].map((l) => [l, { a: { b: `${l}-b` } }]),
    ) as Record<CatalogueLanguage, { a: { b: string; c?: string } }>;
    texts.fr = { a: { b: 'fr-b', c: 'fr-c' } };
    const merged = withFallback(texts);
    expect(merged.en.a).toEqual({ b: 'en-b', c: 'fr-c' });
    expect(merged.fr.a).toEqual({ b: 'fr-b', c: 'fr-c' });
  });

  it('names the keys a language lacks and the texts left empty', () => {
    expect(catalogueGaps({ x: { y: 'Y', z: 'Z' } }, { x: { y: '' } })).toEqual({ missing: ['x.z'], empty: ['x.y'] });
  });
});
