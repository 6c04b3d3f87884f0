import type { MarketplaceRules } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, NO_RULES, scopedRules } from './builtin-profiles';
import { hasRules, orderPictures, readinessProblems, type PictureImage } from './readiness';

const rules = (r: Partial<MarketplaceRules>): MarketplaceRules => ({ ...NO_RULES, ...r });
const img = (position: number, imageType = 'ORIGINAL', width = 1600, height = 1200): PictureImage => ({
  id: `${position}-${imageType}`,
  position,
  imageType,
  width,
  height,
});

describe('marketplace readiness', () => {
  it('names the missing angle, the picture whose plate shows and the one too narrow', () => {
    const images = [img(0, 'ORIGINAL_LPC'), img(1), img(2), img(3, 'ORIGINAL', 800, 600)];
    const angles = [
      { position: 0, angle: 'front_three_quarter' as const },
      { position: 1, angle: 'rear' as const },
      { position: 2, angle: 'interior' as const },
      { position: 3, angle: 'dashboard' as const },
    ];
    const problems = readinessProblems(
      images,
      angles,
      rules({ lead: 'front_three_quarter', order: ['rear_three_quarter', 'rear'], plateCovered: true, minWidth: 1024 }),
    );
    expect(problems).toEqual([
      { code: 'missing_angle', picture: null, angle: 'rear_three_quarter', value: null, limit: null },
      { code: 'plate_visible', picture: 2, angle: 'rear', value: null, limit: null },
      { code: 'too_narrow', picture: 4, angle: 'dashboard', value: 800, limit: 1024 },
    ]);
  });

  it('lists the pictures’ problems in gallery order, not in the export’s order', () => {
    const images = [img(0), img(1), img(2)];
    const angles = [
      { position: 0, angle: 'rear' as const },
      { position: 1, angle: 'front' as const },
      { position: 2, angle: 'front_three_quarter' as const },
    ];
    const problems = readinessProblems(images, angles, rules({ lead: 'front_three_quarter', plateCovered: true }));
    expect(problems.map((p) => p.picture)).toEqual([1, 2, 3]);
  });

  it('is ready when every rule holds, and a null rule is not checked', () => {
    const images = [img(0, 'ORIGINAL'), img(0, 'ORIGINAL_LPC'), img(1, 'ORIGINAL', 300, 300)];
    const angles = [{ position: 0, angle: 'front' as const }];
    expect(readinessProblems(images, angles, rules({ plateCovered: true, minPictures: 2 }))).toEqual([
      { code: 'plate_visible', picture: 2, angle: null, value: null, limit: null },
    ]);
    expect(readinessProblems(images, angles, rules({}))).toEqual([]);
  });

  it('tells a profile with no rule at all (nothing to check) from one with rules', () => {
    expect(hasRules(rules({}))).toBe(false);
    // leboncoin publishes no picture rule that we could read; AutoScout24 publishes two.
    expect(hasRules(BUILTIN_PROFILES.find((p) => p.id === 'leboncoin')!.rules)).toBe(false);
    expect(hasRules(BUILTIN_PROFILES.find((p) => p.id === 'autoscout24')!.rules)).toBe(true);
    expect(hasRules(rules({ order: ['rear'] }))).toBe(true);
    expect(hasRules(rules({ stampAllowed: false }))).toBe(true);
    expect(hasRules(BUILTIN_PROFILES.find((p) => p.id === 'mobile-de')!.rules)).toBe(true);
  });

  it('counts pictures, refuses stamps when the marketplace does, and checks the aspect', () => {
    const images = [img(0, 'STAMPED', 1000, 1000), img(1, 'ORIGINAL', 1600, 900), img(1, 'STAMPED', 1600, 900)];
    const problems = readinessProblems(
      images,
      [],
      rules({ minPictures: 3, stampAllowed: false, minAspect: 1.3, maxAspect: 1.34 }),
    );
    expect(problems.map((p) => [p.code, p.picture, p.value, p.limit])).toEqual([
      ['too_few_pictures', null, 2, 3],
      ['stamped', 1, null, null],
      ['aspect', 1, 1, 1.3],
      ['aspect', 2, 1.778, 1.34],
    ]);
  });

  it('orders the lead, then the ordered angles, then the rest by position, cut at the maximum', () => {
    const images = [img(0), img(1), img(2), img(3), img(4)];
    const angles = [
      { position: 0, angle: 'interior' as const },
      { position: 2, angle: 'rear' as const },
      { position: 3, angle: 'front_three_quarter' as const },
    ];
    const order = orderPictures(
      images,
      angles,
      rules({ lead: 'front_three_quarter', order: ['rear'], maxPictures: 4 }),
    );
    expect(order.map((c) => [c.picture, c.position, c.angle])).toEqual([
      [1, 3, 'front_three_quarter'],
      [2, 2, 'rear'],
      [3, 0, 'interior'],
      [4, 1, null],
    ]);
  });

  it('sends the covered version when plates must be covered and the unstamped one when stamps are refused', () => {
    const images = [img(0, 'ORIGINAL'), img(0, 'STAMPED'), img(0, 'ORIGINAL_LPC'), img(0, 'STAMPED_LPC')];
    const pick = (r: Partial<MarketplaceRules>) => orderPictures(images, [], rules(r))[0]!.image.imageType;
    expect(pick({ plateCovered: true, stampAllowed: false })).toBe('ORIGINAL_LPC');
    expect(pick({ plateCovered: false, stampAllowed: false })).toBe('ORIGINAL');
    expect(pick({ plateCovered: false })).toBe('STAMPED');
    expect(pick({})).toBe('STAMPED_LPC');
  });

  it('keeps every built-in rule backed by a dated source, and names the rules one country’s pages set', () => {
    for (const p of BUILTIN_PROFILES) {
      const backed = new Set(p.sources.flatMap((s) => s.rules));
      const set = (Object.keys(p.rules) as (keyof MarketplaceRules)[]).filter((k) =>
        k === 'order' ? p.rules.order.length > 0 : p.rules[k] !== null,
      );
      expect([...backed].sort(), p.id).toEqual(set.sort());
      for (const s of p.sources) expect(s.read, s.url).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const autoscout = BUILTIN_PROFILES.find((p) => p.id === 'autoscout24')!;
    expect(autoscout.rules).toMatchObject({ maxPictures: 30, stampAllowed: false, plateCovered: null, lead: null });
    // The picture count is AutoScout24's API page for all its sites; the stamp rule is autoscout24.ch's only.
    expect(scopedRules(autoscout)).toEqual([{ rule: 'stampAllowed', country: 'CH' }]);
    expect(scopedRules(BUILTIN_PROFILES.find((p) => p.id === 'mobile-de')!)).toEqual([]);
  });

  it('sends AutoScout24 the unstamped version of each picture, at most 30, and flags a picture only stamped', () => {
    const autoscout = BUILTIN_PROFILES.find((p) => p.id === 'autoscout24')!.rules;
    const images = Array.from({ length: 32 }, (_, i) => img(i, i === 5 ? 'STAMPED' : 'ORIGINAL_CROPPED')).concat(
      img(0, 'STAMPED_CROPPED'),
    );
    const order = orderPictures(images, [], autoscout);
    expect(order).toHaveLength(30);
    expect(order[0]!.image.imageType).toBe('ORIGINAL_CROPPED');
    expect(readinessProblems(images, [], autoscout).map((p) => [p.code, p.picture, p.value, p.limit])).toEqual([
      ['too_many_pictures', null, 32, 30],
      ['stamped', 6, null, null],
    ]);
  });
});
