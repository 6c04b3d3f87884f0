import { REMARKETING_STATUSES, SHOOTING_TYPES } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNERS, DEMO_USERS } from './demo-accounts';
import { buildDemoPlan } from './demo-plan';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const SIX_MONTHS_AGO = new Date('2026-05-21T00:00:00.000Z').toISOString();
const plan = buildDemoPlan(NOW);
const groupOf = (ownerId: string) => DEMO_OWNERS.find((o) => o.id === ownerId)!.groupId;

describe('buildDemoPlan', () => {
  it('plans the same ids whatever the clock says, so a second seed finds every row', () => {
    const later = buildDemoPlan(new Date('2027-01-02T08:00:00.000Z'));
    const ids = (p: typeof plan) => [
      ...p.stamps.map((s) => s.id),
      ...p.products.map((x) => x.id),
      ...p.shootings.flatMap((s) => [s.id, ...s.images.map((i) => i.id), ...s.videos.map((v) => v.id)]),
    ];
    expect(ids(later)).toEqual(ids(plan));
    expect(new Set(ids(plan)).size).toBe(ids(plan).length);
  });

  it('gives the demo group 60 shootings and the other dealer 12, each with all four types', () => {
    for (const [group, count] of [
      ['grp-demo', 60],
      ['grp-other', 12],
    ] as const) {
      const shootings = plan.shootings.filter((s) => s.groupId === group);
      expect(shootings).toHaveLength(count);
      expect(new Set(shootings.map((s) => s.type))).toEqual(new Set(SHOOTING_TYPES));
      expect(shootings.every((s) => groupOf(s.ownerId) === group)).toBe(true);
    }
    const demo = plan.shootings.filter((s) => s.groupId === 'grp-demo');
    expect(new Set(demo.map((s) => s.status))).toEqual(new Set(REMARKETING_STATUSES));
  });

  it('dates every row within the last six months, never in the future', () => {
    const dates = [
      ...plan.shootings.flatMap((s) => [
        s.createdAt,
        ...s.videos.map((v) => v.createdAt),
        ...(s.dmsSyncedAt ? [s.dmsSyncedAt] : []),
      ]),
      ...plan.products.map((p) => p.createdAt),
      ...plan.stamps.map((s) => s.createdAt),
    ];
    for (const d of dates) {
      expect(d >= SIX_MONTHS_AGO && d <= NOW.toISOString()).toBe(true);
    }
    expect(plan.shootings.some((s) => s.createdAt >= '2026-11-20T00:00:00.000Z')).toBe(true);
  });

  it('has each shooting created by a user of its group who can reach its owner', () => {
    for (const s of plan.shootings) {
      const user = DEMO_USERS.find((u) => u.id === s.createdBy)!;
      expect(user.groupId).toBe(s.groupId);
      expect(user.owners as readonly string[]).toContain(s.ownerId);
    }
  });

  it('gives STANDARD shootings 6 to 12 originals, stamped copies once past AI processing, and a stamp of their format', () => {
    for (const s of plan.shootings.filter((x) => x.type === 'STANDARD')) {
      const originals = s.images.filter((i) => i.imageType === 'ORIGINAL');
      const stamped = s.images.filter((i) => i.imageType === 'STAMPED');
      expect(originals.length).toBeGreaterThanOrEqual(6);
      expect(originals.length).toBeLessThanOrEqual(12);
      expect(stamped.length).toBe(s.status === 'UPLOADING' || s.status === 'AI_PROCESSING' ? 0 : originals.length);
      const stamp = plan.stamps.find((x) => x.id === s.stampId)!;
      expect(stamp.format).toBe(s.format);
      expect(stamp.groupId).toBe(s.groupId);
    }
  });

  it('has hosted videos, one YouTube video and one empty reference among the demo VIDEO shootings', () => {
    const videos = plan.shootings
      .filter((s) => s.groupId === 'grp-demo' && s.type === 'VIDEO')
      .flatMap((s) => s.videos);
    expect(videos.filter((v) => v.streamer === 'YOUTUBE')).toHaveLength(1);
    expect(videos.filter((v) => v.streamer === 'STAMPYT' && !v.clip)).toHaveLength(1);
    expect(videos.some((v) => v.videoType === 'CONCAT_AUDIO' && v.clip?.withIntroAndAudio)).toBe(true);
  });

  it('has virtual products, repair orders and vehicles waiting for photos at every owner', () => {
    const virtual = plan.products.filter((p) => p.productType === 'VIRTUAL');
    expect(virtual.length).toBeGreaterThan(0);
    for (const p of virtual) expect(p.vin).toMatch(/^Virtual_[0-9a-f-]{36}$/);
    expect(plan.products.some((p) => p.productType === 'REPAIR_ORDER')).toBe(true);
    for (const owner of DEMO_OWNERS) {
      expect(
        plan.products.some((p) => p.ownerId === owner.id && p.photoState === 'TODO' && p.productType === 'CAR'),
      ).toBe(true);
    }
  });

  it('spreads the three cropping types over each group\u2019s stamps in both formats', () => {
    expect(new Set(plan.stamps.map((s) => s.croppingType))).toEqual(
      new Set(['CROPPING', 'PARTIAL_CROPPING', 'FADED_CROPPING']),
    );
    for (const group of ['grp-demo', 'grp-other']) {
      expect(new Set(plan.stamps.filter((s) => s.groupId === group).map((s) => s.format))).toEqual(
        new Set(['4/3', '16/9']),
      );
    }
  });
});
