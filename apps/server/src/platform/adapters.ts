import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blobs/blob-store';
import { FsBlobStore } from './blobs/fs-blob-store';
import { systemClock, type Clock } from './clock';
import { createDms } from './dms/create-dms';
import type { DmsAdapter } from './dms/dms';
import { migrate, openDatabase, type Db, type DbDialect } from './db/database';
import { randomIds, type Ids } from './ids';
import type { MailSender } from './mail/mail-sender';
import { outboxMailSender, outboxSmsSender, recordedMailSender, recordedSmsSender } from './outbox';
import { HttpSmsSender } from './sms/http-sms-sender';
import type { SmsSender } from './sms/sms-sender';
import { SqlQueue } from './queue/sql-queue';
import { getOrCreateSecret } from './secrets';

/** Every side effect the services may use, chosen by configuration. */
export interface Adapters {
  config: Config;
  db: Db;
  dialect: DbDialect;
  blobs: BlobStore;
  queue: SqlQueue;
  clock: Clock;
  ids: Ids;
  mail: MailSender;
  sms: SmsSender;
  dms: DmsAdapter;
  close(): Promise<void>;
}

export class DataDirError extends Error {}

function ensureWritableDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw new DataDirError(`DATA_DIR ${dir} is not writable: ${(err as Error).message}`);
  }
}

export async function createAdapters(
  config: Config,
  overrides: Partial<Pick<Adapters, 'clock' | 'ids'>> = {},
): Promise<Adapters> {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  ensureWritableDataDir(config.DATA_DIR);
  const handle = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  try {
    await migrate(handle.db);
  } catch (err) {
    await handle.close();
    throw err;
  }
  // The S3 and SMTP drivers are loaded only when configured: a process never holds the AWS SDK or
  // nodemailer for a driver it does not use. Each one configured adds how it is released to `releases`.
  const releases: (() => void)[] = [];
  let blobs: BlobStore;
  if (config.BLOB_DRIVER === 's3') {
    const { S3BlobStore } = await import('./blobs/s3-blob-store');
    const s3 = new S3BlobStore({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    releases.push(() => s3.destroy());
    blobs = s3;
  } else {
    blobs = new FsBlobStore(
      path.join(config.DATA_DIR, 'blobs'),
      await getOrCreateSecret(handle.db, 'blob-signing'),
      clock,
    );
  }
  const queue = new SqlQueue(handle.db, handle.dialect, clock, ids, {
    pollMs: config.JOB_POLL_MS,
    leaseSeconds: config.JOB_LEASE_SECONDS,
    maxAttempts: config.JOB_MAX_ATTEMPTS,
  });
  let mail: MailSender;
  if (config.SMTP_URL) {
    const { SmtpMailSender } = await import('./mail/smtp-mail-sender');
    const smtp = new SmtpMailSender(config.SMTP_URL, config.MAIL_FROM);
    releases.push(() => smtp.close());
    mail = recordedMailSender({ db: handle.db, clock, ids }, smtp);
  } else {
    mail = outboxMailSender({ db: handle.db, clock, ids });
  }
  const sms: SmsSender = config.SMS_GATEWAY_URL
    ? recordedSmsSender(
        { db: handle.db, clock, ids },
        new HttpSmsSender(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN),
      )
    : outboxSmsSender({ db: handle.db, clock, ids });
  return {
    config,
    db: handle.db,
    dialect: handle.dialect,
    blobs,
    queue,
    clock,
    ids,
    mail,
    sms,
    dms: createDms(config, () => clock.now()),
    close: async () => {
      releases.forEach((release) => release());
      await handle.close();
    },
  };
}
