import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeShooting } from '../modules/shootings/shootings.fixtures';
import { authHeaders } from './auth-helpers';
import { sampleFor } from './schema-sample';
import { useTestApp } from './test-app';

// Every route the app registers, as Fastify declares it: new modules join this test by construction.
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof FastifyModule>();
  const wrapped = ((opts: object) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route) => void registered.push(route));
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: wrapped };
});

type Kind = 'owner' | 'product' | 'shooting' | 'image' | 'report';
const NAMED: Record<string, Kind> = {
  ownerId: 'owner',
  productId: 'product',
  shootingId: 'shooting',
  imageId: 'image',
  reportId: 'report',
};
// A bare :id names what the segment before it names.
const BY_SEGMENT: Record<string, Kind> = {
  owners: 'owner',
  products: 'product',
  shootings: 'shooting',
  images: 'image',
  reports: 'report',
};

/** The kind of each id parameter of a path; parameters of other kinds are left out. */
export function idParams(url: string): Record<string, Kind> {
  const segments = url.split('/');
  const out: Record<string, Kind> = {};
  segments.forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    const name = seg.slice(1);
    const kind = NAMED[name] ?? (name === 'id' ? BY_SEGMENT[segments[i - 1] ?? ''] : undefined);
    if (kind) out[name] = kind;
  });
  return out;
}

const TENANT_PREFIXES = ['/api/', '/API/V1/', '/clipping/'];
// The clipping service signs in as a service account (basic auth), not as a dealer: a dealer's token is
// refused there outright (401), which also gives nothing away.

describe('tenancy: no route answers another dealer’s ids', () => {
  const t = useTestApp();
  const ids: Record<'manager' | 'other', Record<Kind, string> & { registration: string; ownerName: string }> =
    {} as never;

  const seedDealer = async (ownerId: string, registration: string, ownerName: string) => {
    const s = await makeShooting(t.adapters, { ownerId, registration, images: [{ position: 1, type: 'ORIGINAL' }] });
    const reportId = t.adapters.ids.uuid();
    const now = t.adapters.clock.now().toISOString();
    await t.adapters.db
      .insertInto('reports')
      .values({
        id: reportId,
        shooting_id: s.shootingId,
        kind: 'DAMAGES',
        locale: 'en',
        blob_key: `shootings/${s.shootingId}/reports/r.pdf`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return {
      owner: ownerId,
      product: s.productId,
      shooting: s.shootingId,
      image: s.images[0]!.id,
      report: reportId,
      registration,
      ownerName,
    };
  };

  beforeAll(async () => {
    await t.app.ready();
    ids.manager = await seedDealer('own-demo-paris', 'TN-111-MG', 'Demo Motors Paris');
    ids.other = await seedDealer('own-other-bordeaux', 'TN-222-OT', 'Other Dealer Bordeaux');
  });

  const targets = () =>
    registered
      .filter((r) => TENANT_PREFIXES.some((p) => r.url.startsWith(p)) && Object.keys(idParams(r.url)).length > 0)
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => !['HEAD', 'OPTIONS'].includes(m))
          .map((method) => ({ route: r, method })),
      );

  it('reads the route table and finds the id routes', () => {
    const urls = targets().map((t) => `${t.method} ${t.route.url}`);
    expect(urls).toContain('GET /api/owners/:ownerId/products/:productId/shootings/:shootingId');
    expect(urls).toContain('GET /API/V1/forecourt/shootings/:id/zip');
  });

  it('uses ids that the owner itself reaches (so a 404 means refusal, not a typo)', async () => {
    const m = ids.manager;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/owners/${m.owner}/products/${m.product}/shootings/${m.shooting}`,
      headers: await authHeaders(t.adapters, 'manager@demo.forecourt.test'),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['other@other-dealer.forecourt.test', 'manager'],
    ['manager@demo.forecourt.test', 'other'],
  ] as const)('as %s with the %s’s ids: 404 and nothing of theirs', async (email, victim) => {
    const headers = await authHeaders(t.adapters, email);
    const caller = await t.adapters.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const failures: string[] = [];
    for (const { route, method } of targets()) {
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
      const params: Record<string, string> = {
        ...((sampleFor(schema.params) as Record<string, string> | undefined) ?? {}),
        userId: caller.id,
      };
      for (const [name, kind] of Object.entries(idParams(route.url))) params[name] = ids[victim][kind];
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
      const query = sampleFor(schema.querystring) as Record<string, unknown> | undefined;
      const qs = query
        ? new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
          ).toString()
        : '';
      // The caller's own user id wherever a body names one: only the other dealer's ids are under test.
      const bodyOf = (full: boolean) => {
        const sampled = sampleFor(schema.body, full);
        return sampled && typeof sampled === 'object' && 'userId' in sampled
          ? { ...sampled, userId: caller.id }
          : sampled;
      };
      const send = (full: boolean) => {
        const body = bodyOf(full);
        return t.app.inject({
          method: method as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers,
          ...(body === undefined ? {} : { payload: body as object }),
        });
      };
      // A body of required fields only may miss a rule such as "at least one field": then every field.
      let res = await send(false);
      if (res.statusCode === 400) res = await send(true);
      const refused = route.url.startsWith('/clipping/') ? [401, 404] : [404];
      const leaked = [ids[victim].registration, ids[victim].ownerName, ids[victim].product].filter((s) =>
        res.body.includes(s),
      );
      if (!refused.includes(res.statusCode) || leaked.length > 0) {
        failures.push(
          `${method} ${route.url} → ${res.statusCode} ${leaked.length ? `leaks ${leaked.join(', ')} ` : ''}${res.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
