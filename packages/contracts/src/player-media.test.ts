import { describe, expect, it } from 'vitest';
import { contactTitle } from './player-media';

describe('a contact line’s title', () => {
  const line = { title: 'Opening hours', titles: { fr: 'Horaires', de: 'Öffnungszeiten' } };

  it('is the reader’s language where the stock gives it', () => {
    expect(contactTitle(line, 'de')).toBe('Öffnungszeiten');
    expect(contactTitle(line, 'de-AT')).toBe('Öffnungszeiten');
  });

  it('falls back as the portal does: French, then the line’s own title', () => {
    expect(contactTitle(line, 'sv')).toBe('Horaires');
    expect(contactTitle({ title: 'Opening hours', titles: { de: 'Öffnungszeiten' } }, 'sv')).toBe('Opening hours');
    expect(contactTitle({ title: 'Opening hours' }, 'fr')).toBe('Opening hours');
  });
});
