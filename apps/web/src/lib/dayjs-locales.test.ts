import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isDayjsLocaleLoaded, loadDayjsLocale } from './dayjs-locales';

describe("the pickers' dayjs locales", () => {
  it('load one language on demand: French weeks start on Monday', async () => {
    expect(isDayjsLocaleLoaded('en')).toBe(true);
    expect(isDayjsLocaleLoaded('fr')).toBe(false);
    expect(dayjs.Ls.fr).toBeUndefined();
    await loadDayjsLocale('fr');
    expect(isDayjsLocaleLoaded('fr')).toBe(true);
    expect(dayjs.Ls.fr?.weekStart).toBe(1);
    expect(isDayjsLocaleLoaded('de')).toBe(false);
  });
});
