import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ApiError } from '../../api/http';
import en from '../../i18n/bundles/en';
import { integrationsErrorKey } from './integrations-api';

const refused = (details: unknown) => new ApiError(400, 'VALIDATION_ERROR', 'The URL …', details);

describe('the integrations panels’ error messages', () => {
  it('words each reason a webhook URL is refused apart, and each has an English text', async () => {
    const keys = ['private', 'unresolved', 'credentials'].map((problem) =>
      integrationsErrorKey(refused({ field: 'url', problem })),
    );
    expect(keys).toEqual([
      'integrations.errors.url_private',
      'integrations.errors.url_unresolved',
      'integrations.errors.url_credentials',
    ]);
    const t = await i18n.createInstance().init({ lng: 'en', resources: { en: { translation: en } } });
    for (const key of keys) expect(t(key)).not.toBe(key);
    // A reason the portal does not know, or none: the URL's general message.
    expect(integrationsErrorKey(refused({ field: 'url', problem: 'scheme' }))).toBe('integrations.errors.url');
    expect(integrationsErrorKey(refused({ field: 'url' }))).toBe('integrations.errors.url');
  });
});
