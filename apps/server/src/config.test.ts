import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigSchema, loadConfig } from './config';

const readme = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);

describe('loadConfig', () => {
  it('runs the embedded stack when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      DATA_DIR: './data',
      BLOB_DRIVER: 'fs',
      DEMO_SEED: true,
      PRESIGN_PUT_TTL_SECONDS: 900,
    });
    expect(c.PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('turns the demo data off with PostgreSQL unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/forecourt' }).DEMO_SEED).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/forecourt', DEMO_SEED: 'on' }).DEMO_SEED).toBe(true);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: '' })).toMatchObject({ PORT: 8080, PUBLIC_URL: 'http://127.0.0.1:8080' });
  });

  it('reads the JSON settings into their shapes, e-mail domains in lower case', () => {
    const config = loadConfig({
      APP_LINKS: '{"faq":"https://help.example.test/faq"}',
      IDENTITY_PROVIDERS: '{"Partner.TEST":{"issuer":"https://id.partner.test","clientId":"portal","audience":"api"}}',
    });
    expect(config.APP_LINKS).toEqual({ faq: 'https://help.example.test/faq' });
    expect([...config.IDENTITY_PROVIDERS.keys()]).toEqual(['partner.test']);
    expect(config.IDENTITY_PROVIDERS.get('partner.test')).toMatchObject({
      issuer: 'https://id.partner.test',
      scope: 'openid profile email offline_access',
    });
    expect(loadConfig({}).APP_LINKS).toEqual({});
  });

  it('drops the trailing slash of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://photos.dealer.example/' }).PUBLIC_URL).toBe(
      'https://photos.dealer.example',
    );
  });

  it.each([
    [{ PORT: '70000' }, 'Invalid setting PORT="70000": '],
    [{ JOB_LEASE_SECONDS: '0' }, 'Invalid setting JOB_LEASE_SECONDS="0": '],
    [{ PUBLIC_URL: 'photos.dealer.example' }, 'Invalid setting PUBLIC_URL="photos.dealer.example": '],
    [
      { SMTP_URL: 'mail.dealer.example' },
      'Invalid setting SMTP_URL="mail.dealer.example": must be an smtp:// or smtps:// URL',
    ],
    [{ BLOB_DRIVER: 's3' }, 'Invalid setting S3_BUCKET: is required when BLOB_DRIVER=s3'],
    [
      { DATABASE_URL: 'mysql://db/forecourt' },
      'Invalid setting DATABASE_URL="mysql://db/forecourt": must be a postgres:// URL',
    ],
    [{ LOG_LEVEL: 'loud' }, 'Invalid setting LOG_LEVEL="loud": '],
    [{ DEMO_SEED: 'maybe' }, 'Invalid setting DEMO_SEED="maybe": '],
    [{ APP_LINKS: '{nope' }, 'Invalid setting APP_LINKS: not JSON'],
    [{ APP_LINKS: '{"faq":"not a url"}' }, 'Invalid setting APP_LINKS: faq '],
    [{ APP_LINKS: '{"unknown":"https://x.test"}' }, 'Invalid setting APP_LINKS: '],
    [{ IDENTITY_PROVIDERS: '[' }, 'Invalid setting IDENTITY_PROVIDERS: not JSON'],
    [
      { IDENTITY_PROVIDERS: '{"partner.test":{"issuer":"https://id.partner.test"}}' },
      'Invalid setting IDENTITY_PROVIDERS: partner.test.clientId ',
    ],
    [
      { TURN_URLS: 'turn:turn.dealer.example:3478' },
      'Invalid setting TURN_SECRET: TURN_URLS and TURN_SECRET go together',
    ],
    [
      { TURN_URLS: 'https://turn.dealer.example', TURN_SECRET: 'a-secret-of-16-chars' },
      'Invalid setting TURN_URLS="https://turn.dealer.example": ',
    ],
    [{ LIVE_SFU: 'janus' }, 'Invalid setting JANUS_URL: is required when LIVE_SFU=janus'],
    [
      { LIVE_SFU: 'janus', JANUS_URL: 'http://127.0.0.1:8088/janus' },
      'Invalid setting JANUS_URL="http://127.0.0.1:8088/janus": must be a ws:// or wss:// URL',
    ],
  ])('refuses %o with one line naming the variable', (env, start) => {
    const attempt = () => loadConfig(env);
    expect(attempt).toThrow(ConfigError);
    let message = '';
    try {
      attempt();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.startsWith(start)).toBe(true);
    expect(message).not.toContain('\n');
  });
});

describe('the README settings table', () => {
  const documented = [...readme.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
  const settings = Object.keys(ConfigSchema.in.shape);

  it('documents every setting', () => {
    expect(settings.filter((s) => !documented.includes(s))).toEqual([]);
  });

  it('documents no setting that does not exist', () => {
    expect(documented.filter((d) => !settings.includes(d!))).toEqual([]);
  });
});
