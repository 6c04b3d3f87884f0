// The simulated users of the load and faults benchmarks: signed-in staff of the demo dealer group (listing,
// searching, opening details, creating 3-picture shootings through the real upload flow, downloading a zip
// and a report, sharing a player link) and anonymous customers (opening a player link, its frames, the
// watched notification, a rating). They make the portal's HTTP calls, and retry as the portal does: a read
// that got no answer or a 5xx is tried twice more (TanStack Query's retry), a shooting whose sending failed
// is sent again from where it stopped (the send dialog's retry, send-shooting.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { playerFramePath } from '@forecourt/contracts/player-media';
import { ARCHIVE_TYPES, archiveHolds } from '@forecourt/contracts/shootings';
import { CookieJar, pkcePair } from '../../apps/server/src/modules/identity/oidc/oidc-flow.test-support';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-accounts';
import type { Recorder } from './load-recorder';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORTAL_CLIENT_ID = 'forecourt-portal';
const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

export interface LoadTarget {
  baseUrl: string;
  apiKey: string;
  recorder: Recorder;
}

/** A shooting whose registration the server answered 2xx: the faults bench checks each one afterwards. */
export interface CreatedShooting {
  shootingId: string;
  productId: string;
  ownerId: string;
  at: number;
}

interface Answer {
  status: number;
  body: unknown;
  bytes: number;
}

// The simulated users' connections, kept alive between requests as a browser keeps them. node:http rather
// than fetch: fetch (undici) costs the generator about 0.3 ms more CPU a request, and the generator shares
// the cores with the deployment it measures. A connection idle for 4 s is closed by the client, well
// before any server or HAProxy would close it (a request on a connection the server is closing fails).
const agent = new http.Agent({ keepAlive: true, timeout: 4000 });

type CallInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  expected?: number[];
  raw?: boolean;
};

/** One HTTP exchange: its status, content type and whole body; a redirect is an answer like any other. */
function exchange(url: string, init: CallInit): Promise<{ status: number; type: string; buf: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', buf: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * One request, recorded under `route`. `expected` lists the statuses that are not errors for this call
 * (default: 2xx and 304).
 */
async function call(t: LoadTarget, route: string, url: string, init: CallInit = {}): Promise<Answer> {
  const started = Date.now();
  let status = 0;
  try {
    const res = await exchange(url.startsWith('http') ? url : `${t.baseUrl}${url}`, init);
    status = res.status;
    const { buf, type } = res;
    const body = !init.raw && type.includes('json') && buf.length ? (JSON.parse(buf.toString()) as unknown) : null;
    const ok = init.expected ? init.expected.includes(status) : (status >= 200 && status < 300) || status === 304;
    t.recorder.record(route, started, status, ok ? null : `${status} ${errorSummary(buf)}`);
    return { status, body, bytes: buf.length };
  } catch (err) {
    t.recorder.record(route, started, status, `${status} ${(err as Error).message}`);
    return { status, body: null, bytes: 0 };
  }
}

/** What an error answer says, short: the portal's error code, message and each refused image's code. */
function errorSummary(buf: Buffer): string {
  try {
    const { error } = JSON.parse(buf.toString()) as {
      error?: { code?: string; message?: string; details?: { images?: { order: number; code: string }[] } };
    };
    if (error?.code)
      return [
        `${error.code}: ${error.message ?? ''}`,
        ...(error.details?.images ?? []).map((i) => `image ${i.order} ${i.code}`),
      ].join('; ');
  } catch {
    // Not the portal's JSON error: its first characters.
  }
  return buf.toString().slice(0, 200);
}

const retryable = (a: Answer) => a.status === 0 || a.status >= 500;

/**
 * A call as the portal makes it: a read (GET) is tried twice more, 1 s then 2 s later, when it got no
 * answer or a 5xx; a write is not repeated. What still fails is a failure the user sees.
 */
async function read(t: LoadTarget, route: string, url: string, init: CallInit = {}): Promise<Answer> {
  let answer = await call(t, route, url, init);
  const safe = (init.method ?? 'GET') === 'GET';
  for (let retry = 1; safe && retry <= 2 && retryable(answer); retry++) {
    await sleep(1000 * retry);
    answer = await call(t, route, url, init);
  }
  if (retryable(answer) || answer.status >= 400) t.recorder.fail(route, `${answer.status}`);
  return answer;
}

/**
 * A staff account signed in once through the embedded provider (authorization code + PKCE, as the portal
 * does), shared by the simulated users of that account; its access token is refreshed before it expires.
 */
export class StaffSession {
  private accessToken = '';
  private refreshToken = '';
  private expiresAt = 0;
  private refreshing: Promise<void> | null = null;
  userId = '';
  ownerIds: string[] = [];
  stampId = '';
  /** Shootings seen in lists, to open, zip and share; inspection shootings for reports. */
  known: { id: string; shootingId: string; productId: string; ownerId: string; registration: string }[] = [];
  inspections: { shootingId: string; productId: string; ownerId: string; shootingType: string }[] = [];

  constructor(
    private readonly t: LoadTarget,
    readonly email: string,
    /** Whether the account's models include inspections (the demo manager's do): it downloads reports. */
    readonly inspects: boolean,
  ) {}

  async signIn(): Promise<void> {
    const { baseUrl } = this.t;
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const redirectUri = `${baseUrl}/login/callback`;
    const params = new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access api',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      login_hint: this.email,
    });
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(new URL(url, baseUrl), {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      });
      jar.take(res.headers.getSetCookie());
      return res;
    };
    let res = await go(`/oidc/auth?${params}`);
    const login = await go(res.headers.get('location') ?? '');
    const action = /action="([^"]+)"/.exec(await login.text())?.[1];
    if (!action) throw new Error(`sign-in of ${this.email}: no login form`);
    res = await go(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: this.email, password: DEMO_PASSWORD }).toString(),
    });
    while (res.status === 303 || res.status === 302) {
      const location = res.headers.get('location') ?? '';
      if (location.startsWith(redirectUri)) break;
      res = await go(location);
    }
    const code = new URL(res.headers.get('location') ?? '', baseUrl).searchParams.get('code');
    if (!code) throw new Error(`sign-in of ${this.email}: no code (status ${res.status})`);
    await this.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri });
  }

  private async token(form: Record<string, string>): Promise<void> {
    const res = await fetch(`${this.t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: PORTAL_CLIENT_ID, ...form }).toString(),
    });
    const body = (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new Error(`token of ${this.email}: ${res.status} ${JSON.stringify(body)}`);
    this.accessToken = body.access_token;
    this.refreshToken = body.refresh_token ?? this.refreshToken;
    this.expiresAt = Date.now() + (body.expires_in ?? 600) * 1000;
  }

  /** The portal's headers, with a token that is valid for a while yet (refreshed once for every user). */
  async headers(): Promise<Record<string, string>> {
    if (Date.now() > this.expiresAt - 120_000) {
      this.refreshing ??= this.token({ grant_type: 'refresh_token', refresh_token: this.refreshToken })
        .catch(() => this.signIn())
        .finally(() => {
          this.refreshing = null;
        });
      await this.refreshing.catch(() => undefined);
    }
    return { authorization: `Bearer ${this.accessToken}`, 'x-api-key': this.t.apiKey };
  }

  /** What the portal loads after sign-in: the user, their stocks, a stamp, the shootings they see. */
  async load(): Promise<void> {
    const h = await this.headers();
    const me = await call(this.t, 'setup', '/api/users/me', { headers: h });
    this.userId = (me.body as { id: string }).id;
    const owners = await call(this.t, 'setup', `/api/external/legacy/users/${encodeURIComponent(this.userId)}/owners`, {
      headers: h,
    });
    this.ownerIds = ((owners.body as { id: string }[] | null) ?? []).map((o) => o.id);
    const stamps = await call(this.t, 'setup', `/api/users/${encodeURIComponent(this.userId)}/stamps?formats=4/3`, {
      headers: h,
    });
    this.stampId = ((stamps.body as { id: string }[] | null) ?? [])[0]?.id ?? '';
    const list = await call(this.t, 'setup', '/api/shootings?shootingTypes=STANDARD&limit=100&offset=0', {
      headers: h,
    });
    this.remember(list.body);
    const insp = this.inspects
      ? await call(
          this.t,
          'setup',
          '/api/shootings?shootingTypes=INSPECTION,INSPECTION_REPAIR_ORDER&limit=100&offset=0',
          { headers: h },
        )
      : { body: null };
    this.inspections = (
      (
        insp.body as {
          items?: { shootingId: string; productId: string; ownerId: string; shootingType: string }[];
        } | null
      )?.items ?? []
    ).map((i) => ({
      shootingId: i.shootingId,
      productId: i.productId,
      ownerId: i.ownerId,
      shootingType: i.shootingType,
    }));
    if (!this.userId || !this.ownerIds.length || !this.stampId || !this.known.length) {
      throw new Error(
        `${this.email}: the demo data is missing (user ${this.userId}, ${this.ownerIds.length} stocks, stamp ${this.stampId || 'none'}, ${this.known.length} shootings)`,
      );
    }
  }

  remember(list: unknown): void {
    const items = (list as { items?: StaffSession['known'] } | null)?.items ?? [];
    const seen = new Set(this.known.map((k) => k.shootingId));
    for (const i of items)
      if (!seen.has(i.shootingId))
        this.known.push({
          id: i.id,
          shootingId: i.shootingId,
          productId: i.productId,
          ownerId: i.ownerId,
          registration: i.registration,
        });
    if (this.known.length > 500) this.known.splice(0, this.known.length - 500);
  }
}

const PICTURE_DIRS = [
  path.resolve(root, '../shared/datasets/plates/eu'),
  path.resolve(root, '../../shared/datasets/plates/eu'),
];

/**
 * Three pictures of cars to upload: real photos from the shared data sets when they are at hand, else
 * drawn ones of a realistic size (1600×1200 JPEG).
 */
export async function loadPictures(): Promise<{ pictures: Buffer[]; source: string }> {
  const dir = PICTURE_DIRS.find((d) => fs.existsSync(d));
  if (dir) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .slice(0, 3);
    if (files.length === 3)
      return {
        pictures: files.map((f) => fs.readFileSync(path.join(dir, f))),
        source: `photos of ${path.relative(path.resolve(root, '..'), dir)}`,
      };
  }
  const pictures = await Promise.all(
    [0, 1, 2].map((i) =>
      sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#dfe3e8"/>
          <rect y="760" width="1600" height="440" fill="#6f7780"/><path d="M${300 + i * 40} 900 Q320 640 600 600 L760 470 Q900 430 1080 470 L1240 600 Q1400 640 1380 900 Z" fill="#3d5a80"/>
          <circle cx="560" cy="910" r="90" fill="#222"/><circle cx="1140" cy="910" r="90" fill="#222"/><text x="60" y="1150" font-size="48" font-family="sans-serif">picture ${i + 1}</text></svg>`),
      )
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  return { pictures, source: 'drawn 1600×1200 JPEGs' };
}

/** The players customers open: references of shootings the staff shared. */
export class PlayerPool {
  readonly refs: string[] = [];
  add(ref: string): void {
    if (!this.refs.includes(ref)) this.refs.push(ref);
  }
}

/** Creates a 3-picture shooting as the portal's send dialog does, resuming after a failure (up to 5 sends). */
async function createShooting(
  t: LoadTarget,
  s: StaffSession,
  pictures: Buffer[],
  created: CreatedShooting[],
): Promise<void> {
  const ownerId = pick(s.ownerIds)!;
  const registration = `LD-${randomBytes(3).toString('hex').toUpperCase()}`;
  const state = {
    vin: `Virtual_${randomUUID()}`,
    productId: null as string | null,
    entries: new Map<number, { presignedUrl: string; url: string; uploaded: boolean }>(),
    shootingId: null as string | null,
    validated: false,
  };
  for (let attempt = 1; attempt <= 5; attempt++) {
    const failed = await sendOnce(t, s, pictures, ownerId, registration, state);
    if (!failed) {
      created.push({ shootingId: state.shootingId!, productId: state.productId!, ownerId, at: Date.now() });
      return;
    }
    if (failed === 'refused') break;
    await sleep(2000 * attempt);
  }
  t.recorder.fail('create', state.shootingId ? `shooting ${state.shootingId} not validated` : 'not created');
  if (state.shootingId)
    created.push({ shootingId: state.shootingId, productId: state.productId!, ownerId, at: Date.now() });
}

type SendState = {
  vin: string;
  productId: string | null;
  entries: Map<number, { presignedUrl: string; url: string; uploaded: boolean }>;
  shootingId: string | null;
  validated: boolean;
};

/** One attempt of send-shooting.ts's steps; null when done, 'retry' or 'refused' (a 4xx) when not. */
async function sendOnce(
  t: LoadTarget,
  s: StaffSession,
  pictures: Buffer[],
  ownerId: string,
  registration: string,
  state: SendState,
): Promise<null | 'retry' | 'refused'> {
  const json = async () => ({ ...(await s.headers()), 'content-type': 'application/json' });
  const verdict = (a: Answer) => (a.status >= 400 && a.status < 500 ? 'refused' : 'retry');
  if (!state.productId) {
    const a = await call(t, 'create: product', '/api/products/virtuals', {
      method: 'POST',
      headers: await json(),
      body: JSON.stringify({ vin: state.vin, ownerId, registration, workflows: ['PHOTO', 'VIDEO'] }),
    });
    if (a.status >= 300 || !a.body) return verdict(a);
    state.productId = (a.body as { id: string }).id;
  }
  const missing = pictures.map((_p, i) => i).filter((i) => !state.entries.has(i));
  if (missing.length) {
    const asked = missing.map((i) => ({ i, id: randomUUID() }));
    const a = await call(
      t,
      'create: presign',
      `/api/products/${encodeURIComponent(state.productId)}/shootings/generate_presigned_urls`,
      {
        method: 'POST',
        headers: await json(),
        body: JSON.stringify({ images: asked.map(({ id }) => ({ id, contentType: 'image/jpeg' })) }),
      },
    );
    if (a.status >= 300 || !a.body) return verdict(a);
    const answer = (a.body as { images: { id: string; presignedUrl: string; url: string }[] }).images;
    for (const { i, id } of asked) {
      const e = answer.find((x) => x.id === id);
      if (e) state.entries.set(i, { presignedUrl: e.presignedUrl, url: e.url, uploaded: false });
    }
  }
  const uploads = await Promise.all(
    [...state.entries]
      .filter(([, e]) => !e.uploaded)
      .map(async ([i, e]) => {
        const a = await call(t, 'create: upload', e.presignedUrl, {
          method: 'PUT',
          headers: { 'content-type': 'image/jpeg' },
          body: new Uint8Array(pictures[i]!),
          raw: true,
        });
        if (a.status >= 200 && a.status < 300) e.uploaded = true;
        return a;
      }),
  );
  if (uploads.some((a) => a.status < 200 || a.status >= 300)) return 'retry';
  if (!state.shootingId) {
    const a = await call(
      t,
      'create: register',
      `/api/owners/${encodeURIComponent(ownerId)}/products/${encodeURIComponent(state.productId)}/shootings`,
      {
        method: 'POST',
        headers: await json(),
        body: JSON.stringify({
          images: pictures.map((_p, order) => ({
            url: state.entries.get(order)!.url,
            order,
            imageType: 'ORIGINAL',
            format: '4/3',
            stampId: s.stampId,
          })),
          userId: s.userId,
          shootingType: 'standard',
        }),
      },
    );
    if (a.status >= 300 || !a.body) {
      // An upload whose link expired or that never arrived is asked for and sent again by the retry.
      const refusals =
        (a.body as { error?: { details?: { images?: { order: number; code: string }[] } } } | null)?.error?.details
          ?.images ?? [];
      for (const r of refusals)
        if (r.code === 'KEY_EXPIRED' || r.code === 'NOT_UPLOADED') state.entries.delete(r.order);
      return refusals.length ? 'retry' : verdict(a);
    }
    state.shootingId = (a.body as { id: string }).id;
  }
  if (!state.validated) {
    const a = await call(
      t,
      'create: done',
      `/api/products/${encodeURIComponent(state.productId)}/workflows/PHOTO/done`,
      { method: 'POST', headers: await json(), body: JSON.stringify({ ownerId }) },
    );
    if (a.status >= 300) return verdict(a);
    state.validated = true;
  }
  return null;
}

export interface UserContext {
  target: LoadTarget;
  until: number;
  /** Pause between two actions of one user, drawn uniformly in [min, max] ms. */
  thinkMs: [number, number];
  pictures: Buffer[];
  players: PlayerPool;
  created: CreatedShooting[];
}

const think = (c: UserContext) => sleep(c.thinkMs[0] + Math.random() * (c.thinkMs[1] - c.thinkMs[0]));

const STAFF_ACTIONS = [
  ['list', 30],
  ['search', 15],
  ['detail', 25],
  ['create', 10],
  ['zip', 5],
  ['report', 5],
  ['share', 10],
] as const;
type StaffAction = (typeof STAFF_ACTIONS)[number][0];
const STAFF_WEIGHT = STAFF_ACTIONS.reduce((n, [, w]) => n + w, 0);

function drawAction(): StaffAction {
  let x = Math.random() * STAFF_WEIGHT;
  for (const [name, w] of STAFF_ACTIONS) if ((x -= w) < 0) return name;
  return 'list';
}

/** A member of staff at work until `until`: one action, a pause, the next. */
export async function staffUser(c: UserContext, s: StaffSession): Promise<void> {
  const t = c.target;
  await sleep(Math.random() * c.thinkMs[1]);
  while (Date.now() < c.until) {
    const action = drawAction();
    const h = await s.headers();
    const shooting = pick(s.known)!;
    switch (action) {
      case 'list': {
        const a = await read(
          t,
          'list',
          `/api/shootings?shootingTypes=STANDARD,VIDEO&limit=20&offset=${20 * Math.floor(Math.random() * 3)}`,
          { headers: h },
        );
        s.remember(a.body);
        break;
      }
      case 'search':
        await read(
          t,
          'search',
          `/api/shootings?shootingTypes=STANDARD,VIDEO&limit=20&offset=0&registration=${encodeURIComponent(shooting.registration.slice(0, 4))}`,
          { headers: h },
        );
        break;
      case 'detail':
        await read(
          t,
          'detail',
          `/api/owners/${shooting.ownerId}/products/${shooting.productId}/shootings/${shooting.shootingId}`,
          { headers: h },
        );
        break;
      case 'create':
        await createShooting(t, s, c.pictures, c.created);
        break;
      case 'zip': {
        // As on the detail page: its download menu offers the kinds of archive the shooting holds.
        const a = await read(
          t,
          'detail',
          `/api/owners/${shooting.ownerId}/products/${shooting.productId}/shootings/${shooting.shootingId}`,
          { headers: h },
        );
        const types = ((a.body as { images?: { imageType: string }[] } | null)?.images ?? []).map((i) => i.imageType);
        const kind = ARCHIVE_TYPES.find((k) => types.some((type) => archiveHolds(k, type)));
        if (kind)
          await read(t, 'zip', `/API/V1/forecourt/shootings/${shooting.shootingId}/zip?type=${kind}`, {
            headers: h,
            raw: true,
          });
        break;
      }
      case 'report': {
        const insp = pick(s.inspections);
        if (!insp) {
          await read(
            t,
            'detail',
            `/api/owners/${shooting.ownerId}/products/${shooting.productId}/shootings/${shooting.shootingId}`,
            { headers: h },
          );
          break;
        }
        const kind = insp.shootingType === 'INSPECTION_REPAIR_ORDER' ? 'vhc/report' : 'damages/reports';
        const a = await read(
          t,
          'report',
          `/api/owners/${insp.ownerId}/products/${insp.productId}/shootings/${insp.shootingId}/${kind}`,
          { headers: h },
        );
        const data = (a.body as { data?: { pdfUrl?: string } | { pdfUrl?: string }[] | null } | null)?.data;
        const pdfUrl = Array.isArray(data) ? data[0]?.pdfUrl : data?.pdfUrl;
        if (pdfUrl) await read(t, 'report: pdf', pdfUrl, { raw: true });
        break;
      }
      case 'share': {
        const a = await read(t, 'share', `/api/shootings/${shooting.shootingId}/marketplaces/FORECOURT`, {
          headers: h,
        });
        const ref = (a.body as { ref?: string } | null)?.ref;
        if (ref) c.players.add(ref);
        break;
      }
    }
    await think(c);
  }
}

/** A customer opening player links until `until`, each visit from an address of its own. */
export async function customer(c: UserContext): Promise<void> {
  const t = c.target;
  await sleep(Math.random() * c.thinkMs[1]);
  while (Date.now() < c.until) {
    const ref = pick(c.players.refs);
    if (!ref) {
      await think(c);
      continue;
    }
    const visitor = {
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    };
    const a = await read(t, 'player: options', `/api/external/legacy/players/${ref}/options`, { headers: visitor });
    const frames = (a.body as { frames?: { version: string }[] } | null)?.frames ?? [];
    for (const [index, frame] of frames.slice(0, 4).entries()) {
      await read(t, 'player: frame', playerFramePath(ref, index, frame, 768, 'webp'), { headers: visitor, raw: true });
    }
    const post = { ...visitor, 'content-type': 'application/json' };
    await read(t, 'player: watched', '/api/videos/notification', {
      method: 'POST',
      headers: post,
      body: JSON.stringify({ ref, notification: 'watched' }),
    });
    if (Math.random() < 0.5) {
      await read(t, 'player: rating', '/API/V1/panorama-shootings/scorings', {
        method: 'POST',
        headers: post,
        body: JSON.stringify({ ref, score: 1 + Math.floor(Math.random() * 5) }),
      });
    }
    await think(c);
  }
}
