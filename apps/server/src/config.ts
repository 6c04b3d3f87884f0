import { APP_LINK_NAMES } from '@forecourt/contracts';
import { z } from 'zod';
import { NICE } from './priorities';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const iceServers = z.array(
  z.object({
    urls: z.union([z.string().regex(/^(stuns?|turns?):/), z.array(z.string().regex(/^(stuns?|turns?):/)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

/** A setting holding JSON of the given shape; the error names the bad entry, not the whole value. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .optional()
    .transform((text, ctx): z.infer<T> | undefined => {
      if (!text) return undefined;
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({ code: 'custom', message: `${issue.path.join('.')} ${issue.message}` });
      return z.NEVER;
    });
// Their values are long and say nothing an error needs: a refusal names the entry instead.
const JSON_SETTINGS = new Set(['IDENTITY_PROVIDERS', 'APP_LINKS']);

/** An external OIDC issuer trusted for the e-mail domains mapped to it in IDENTITY_PROVIDERS. */
export const ExternalProvider = z.object({
  issuer: z.url(),
  clientId: z.string().min(1),
  audience: z.string().min(1),
  jwksUri: z.url().optional(),
  scope: z.string().default('openid profile email offline_access'),
  /** The provider's own account page (password, sessions), linked from the portal's account screen. */
  accountUrl: z.url().optional(),
});
export type ExternalProvider = z.infer<typeof ExternalProvider>;

/** Every setting, read from the environment once at start. Defaults run the embedded stack. */
export const ConfigSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(8080),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DEMO_SEED: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    API_KEY: z.string().min(8).default('forecourt-demo-api-key'),
    /** Calls a minute each dealer group's API key may make (modules/api-keys). */
    API_KEY_RATE_LIMIT: positiveInt.default(600),
    /** Requests a minute each SCIM token may make on /scim/v2 (modules/scim): a full sync of a few thousand users fits. */
    SCIM_RATE_LIMIT: positiveInt.default(1200),
    /** Requests a minute with a missing or unknown SCIM token an address may make before 429s (modules/scim). */
    SCIM_FAILED_AUTH_LIMIT: positiveInt.default(30),
    IDENTITY_API_KEY: z.string().min(8).default('forecourt-demo-identity-key'),
    CLIPPING_USER: z.string().min(1).default('clipping'),
    CLIPPING_PASSWORD: z.string().min(8).default('forecourt-clipping'),
    BLOB_DRIVER: z.enum(['fs', 's3']).default('fs'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    PRESIGN_PUT_TTL_SECONDS: positiveInt.default(900),
    PRESIGN_GET_TTL_SECONDS: positiveInt.default(3600),
    MAX_IMAGE_BYTES: positiveInt.default(5_000_000),
    MAX_IMAGE_PIXELS: positiveInt.default(3840 * 2160 - 1),
    WORKER_CONCURRENCY: positiveInt.default(2),
    // Video jobs (normalisation, assembly) run at the same time, in a lane beside WORKER_CONCURRENCY's (worker-lanes.ts).
    MEDIA_CONCURRENCY: positiveInt.default(1),
    // A --role=worker process's nice value: sharing cores with API processes, requests win and jobs wait. 0: off.
    WORKER_NICE: z.coerce.number().int().min(0).max(19).default(NICE.workerProcess),
    // How far V8's old generation grows past a full collection's live heap before the next (platform/heap-growth.ts). 0: V8's own choice.
    HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(100),
    JOB_POLL_MS: positiveInt.default(200),
    // The worker renews its leases every third of this; a dead worker's jobs are taken over once it lapses.
    JOB_LEASE_SECONDS: positiveInt.default(15),
    JOB_MAX_ATTEMPTS: positiveInt.default(5),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Forecourt <no-reply@forecourt.test>'),
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_TOKEN: z.string().optional(),
    // The public player's webinar button: the form, and the dealer group that is the provider's own account.
    WEBINAR_FORM_URL: z.url().optional(),
    PROVIDER_GROUP_ID: z.string().optional(),
    // JSON of e-mail domain to the external OIDC issuer of its users.
    IDENTITY_PROVIDERS: json(z.record(z.string().min(1), ExternalProvider)).transform(
      (v) => new Map(Object.entries(v ?? {}).map(([domain, p]) => [domain.toLowerCase(), p])),
    ),
    // The portal's header logo, and JSON of drawer/footer entry name to the URL of that other application.
    BRAND_LOGO_URL: z.url().optional(),
    APP_LINKS: json(z.partialRecord(z.enum(APP_LINK_NAMES), z.url())).transform((v) => v ?? {}),
    // The legal notice's publisher (name, office, registration, publication director) and its contact.
    LEGAL_PUBLISHER: z.string().trim().min(1).max(500).optional(),
    LEGAL_CONTACT: z.union([z.email(), z.url({ protocol: /^https?$/ })]).optional(),
    // GET /metrics: on the API's own port for a caller with this bearer token, and/or on METRICS_PORT of
    // the loopback (the only way a worker process serves its metrics). Neither set: no metrics.
    METRICS_TOKEN: z.string().min(16).optional(),
    METRICS_PORT: port.optional(),
    SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
    // The shootings list cache of each API process (pages kept while their owners' data versions hold); 0 entries turns it off.
    LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).default(10_000),
    LIST_CACHE_MB: positiveInt.default(64),
    // Addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed; none by default.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : false,
      ),
    // STUN/TURN servers the live rooms' browsers use, as RTCIceServer JSON; none by default (same network only).
    LIVE_ICE_SERVERS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return [];
        try {
          const parsed = iceServers.safeParse(JSON.parse(v));
          if (parsed.success) return parsed.data;
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"urls", "username"?, "credential"?}' });
        return z.NEVER;
      }),
    // TURN relays given to every participant with its room token, with credentials of the TURN REST scheme
    // (coturn use-auth-secret): comma-separated turn:/turns: URLs and the secret shared with coturn.
    TURN_URLS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^turns?:[^\s]+$/, 'must be turn: or turns: URLs'))),
    TURN_SECRET: z.string().min(16).optional(),
    // How long issued TURN credentials stay valid: longer than any meeting (an ICE restart late in a call reuses them).
    TURN_TTL_SECONDS: positiveInt.default(12 * 3600),
    // How long the player's engagement reports of personal links are kept (issue 31): 13 months by default.
    ENGAGEMENT_RETENTION_DAYS: positiveInt.default(395),
    // The live rooms' media: peer-to-peer between the browsers (embedded), or through a Janus VideoRoom SFU.
    LIVE_SFU: z.enum(['none', 'janus']).default('none'),
    // Members (participants and the lobby's waiting members) one live room takes; one more is refused.
    LIVE_MAX_PARTICIPANTS: positiveInt.default(50),
    // A room empty on every process for this long has ended (`live.room.ended`).
    LIVE_ROOM_END_GRACE_SECONDS: z.coerce.number().int().nonnegative().default(120),
    // The Janus WebSocket API (ws://host:8188), its api_secret, and the VideoRoom plugin's admin_key (room creation).
    // The server alone talks to Janus: never expose this address or its admin API to browsers.
    JANUS_URL: z
      .string()
      .regex(/^wss?:\/\/[^\s]+$/, 'must be a ws:// or wss:// URL')
      .optional(),
    JANUS_API_SECRET: z.string().min(1).optional(),
    JANUS_ADMIN_KEY: z.string().min(1).optional(),
    // Where Janus writes the raw recordings of SFU calls (one folder per recording) and the worker reads them:
    // a folder Janus, the API and the worker processes all reach at this path (DATA_DIR/live-recordings by default).
    LIVE_RECORDINGS_DIR: z.string().min(1).optional(),
    DMS_DRIVER: z.enum(['folder', 'webhook']).default('folder'),
    DMS_WEBHOOK_URL: z.url().optional(),
    DMS_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** Lets a group's DMS webhook (settings) name a private or loopback address: for tests and closed networks. */
    DMS_ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
    /** Lets a group's webhook endpoints name a private, loopback or link-local address: for tests, CI and closed networks. */
    WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
    // Webhook events and their deliveries' log older than this are removed by the daily `webhooks.prune` job.
    WEBHOOKS_RETENTION_DAYS: positiveInt.default(30),
  })
  .superRefine((c, ctx) => {
    if (c.BLOB_DRIVER === 's3' && !c.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when BLOB_DRIVER=s3' });
    }
    if (c.TURN_URLS.length > 0 !== (c.TURN_SECRET !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'TURN_URLS and TURN_SECRET go together' });
    }
    if (c.LIVE_SFU === 'janus' && !c.JANUS_URL) {
      ctx.addIssue({ code: 'custom', path: ['JANUS_URL'], message: 'is required when LIVE_SFU=janus' });
    }
    if (c.DMS_DRIVER === 'webhook' && !c.DMS_WEBHOOK_URL) {
      ctx.addIssue({ code: 'custom', path: ['DMS_WEBHOOK_URL'], message: 'is required when DMS_DRIVER=webhook' });
    }
    if (c.DMS_DRIVER === 'webhook' && !c.DMS_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['DMS_WEBHOOK_SECRET'], message: 'is required when DMS_DRIVER=webhook' });
    }
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/$/, ''),
    // Demo data only on the embedded database unless asked for explicitly.
    DEMO_SEED: c.DEMO_SEED ?? !c.DATABASE_URL,
  }));

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(ConfigSchema.in.shape).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const value = picked[name];
    throw new ConfigError(
      `Invalid setting ${name}${value === undefined || JSON_SETTINGS.has(name) ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`,
    );
  }
  return parsed.data;
}
