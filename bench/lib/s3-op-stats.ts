// `--s3-stats` of the load bench: the blob store's operations by kind and by whom (bench/lib/s3rver-process.ts
// counts them as s3rver receives them), printed per shooting created and per 1000 requests.
import type http from 'node:http';

export const S3_KINDS = [
  'GET',
  'ranged GET',
  'PUT',
  'HEAD',
  'DELETE',
  'DeleteObjects',
  'List',
  'multipart',
  'other',
] as const;
export type S3Kind = (typeof S3_KINDS)[number];
/** Per client (api1, worker2, `presigned (api1's URLs)`, other), per kind. */
export type S3OpCounts = Record<string, Partial<Record<S3Kind, number>>>;
/** Per client, per `kind what` (what: objectClass), for the detail of who reads and writes what. */
export type S3OpDetail = Record<string, Record<string, number>>;

/**
 * What an object is, from its key without its ids: `uploads`, `shootings ORIGINAL`, `shootings STAMPED thumb`,
 * `player-variants 768.webp`, `reports`...
 */
export function objectClass(url: string): string {
  const [, , ...key] = new URL(url, 'http://s3').pathname.split('/');
  const first = key[0] ?? '';
  const last = decodeURIComponent(key.at(-1) ?? '');
  if (key.length < 2) return first ? `${first}/` : '(bucket)';
  if (first === 'shootings') {
    // The portal's `<position>-<TYPE>[-<run>].jpg`, or the demo seed's `images/<id>.jpg` and `thumbs/<id>.jpg`.
    const type = /^\d+-([A-Z_]+)/.exec(last)?.[1] ?? (key.length > 3 ? `seed ${key[2]}` : 'other');
    return `shootings ${type}${last.includes('-thumb') ? ' thumb' : ''}`;
  }
  if (first === 'player-variants') return `player-variants ${last}`;
  return first;
}

/** What an S3 request is, from its method, path, query and headers, and whether it came with a presigned URL. */
export function classifyS3Request(
  method: string,
  url: string,
  headers: http.IncomingHttpHeaders,
): { kind: S3Kind; presigned: boolean } {
  const u = new URL(url, 'http://s3');
  const q = u.searchParams;
  const presigned = q.has('X-Amz-Signature');
  // Path-style: /bucket/key...; a request on the bucket alone is a listing (or DeleteObjects).
  const hasKey = u.pathname.split('/').filter(Boolean).length > 1;
  const m = method.toUpperCase();
  if (q.has('uploadId') || q.has('uploads') || q.has('partNumber')) return { kind: 'multipart', presigned };
  if (m === 'POST' && q.has('delete')) return { kind: 'DeleteObjects', presigned };
  if (m === 'GET' && !hasKey) return { kind: 'List', presigned };
  if (m === 'GET') return { kind: headers.range ? 'ranged GET' : 'GET', presigned };
  if (m === 'PUT' && hasKey) return { kind: 'PUT', presigned };
  if (m === 'HEAD' && hasKey) return { kind: 'HEAD', presigned };
  if (m === 'DELETE' && hasKey) return { kind: 'DELETE', presigned };
  return { kind: 'other', presigned };
}

const fmt = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));

/** The counts as lines: one per client with every kind it made, and the totals per shooting created and per 1000 requests. */
export function s3StatsLines(counts: S3OpCounts, created: number, requests: number, detail: S3OpDetail = {}): string[] {
  const clients = Object.keys(counts).sort();
  const kinds = S3_KINDS.filter((k) => clients.some((c) => counts[c]![k]));
  const total = (c: string) => kinds.reduce((n, k) => n + (counts[c]![k] ?? 0), 0);
  const all = clients.reduce((n, c) => n + total(c), 0);
  const lines = [`S3 operations during the load: ${all} (${created} shootings created, ${requests} portal requests)`];
  for (const c of clients) {
    const parts = kinds.filter((k) => counts[c]![k]).map((k) => `${k} ${counts[c]![k]}`);
    lines.push(
      `  ${c}: ${total(c)} — ${parts.join(', ')}${created ? ` — per creation ${fmt(total(c) / created)}` : ''}`,
    );
    const what = Object.entries(detail[c] ?? {}).sort((a, b) => b[1] - a[1]);
    if (what.length) lines.push(`    ${what.map(([w, n]) => `${w} ${n}`).join(', ')}`);
  }
  const byKind = kinds.map((k) => {
    const n = clients.reduce((s, c) => s + (counts[c]![k] ?? 0), 0);
    return `${k} ${n}${created ? ` (${fmt(n / created)}/creation)` : ''}`;
  });
  lines.push(`  by kind: ${byKind.join(', ')}`);
  if (requests)
    lines.push(
      `  per 1000 portal requests: ${fmt((all / requests) * 1000)}; per creation: ${created ? fmt(all / created) : '—'}`,
    );
  return lines;
}
