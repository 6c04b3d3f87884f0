import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_POLICY } from './engagement-policy-texts';
import { LEGAL_TEXTS } from './legal-texts';

describe('the privacy policy on personal player links', () => {
  const english = LEGAL_TEXTS.en.privacyPolicy.find((s) => s.id === 'engagement')!;

  it('says in every other language what English says: the measures, no IP, 13 months, the opt-out, GPC', () => {
    expect(Object.keys(ENGAGEMENT_POLICY).sort()).toEqual(['da', 'de', 'es', 'it', 'nl', 'pl', 'pt', 'sv']);
    for (const [lang, section] of Object.entries(ENGAGEMENT_POLICY)) {
      expect(section.id, lang).toBe('engagement');
      expect(section.paragraphs, lang).toHaveLength(english.paragraphs.length);
      const text = section.paragraphs.join(' ');
      for (const must of ['360°', 'IP', '13', 'Global Privacy Control'])
        expect(text, `${lang}: ${must}`).toContain(must);
      expect(text, lang).not.toMatch(/[{}]/);
    }
  });
});
