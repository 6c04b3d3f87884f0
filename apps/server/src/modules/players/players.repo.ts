import type { Db } from '../../platform/db/database';
import { rawRows, SqlParams } from '../../platform/db/raw-sql';
import { countRatingsSince } from './ratings.repo';
import type { RateLimiter } from '../../platform/rate-limit';

export interface RefRow {
  ref: string;
  shootingId: string;
}

interface NewRef {
  shootingId: string;
  marketplace: string;
  newRef: string;
  userId: string;
  now: string;
}

/** The reference of a shooting and marketplace, unless it exists: then nothing changes. */
async function insertRefOnce(db: Db, input: NewRef): Promise<void> {
  await db
    .insertInto('player_references')
    .values({
      ref: input.newRef,
      shooting_id: input.shootingId,
      marketplace: input.marketplace,
      created_by: input.userId,
      created_at: input.now,
      last_user_id: input.userId,
    })
    .onConflict((oc) => oc.columns(['shooting_id', 'marketplace']).doNothing())
    .execute();
}

/** Creates the reference of a shooting and marketplace once; later calls return the same one. */
export async function getOrCreateRef(db: Db, input: NewRef): Promise<string> {
  await insertRefOnce(db, input);
  const row = await db
    .selectFrom('player_references')
    .select('ref')
    .where('shooting_id', '=', input.shootingId)
    .where('marketplace', '=', input.marketplace)
    .executeTakeFirstOrThrow();
  await db.updateTable('player_references').set({ last_user_id: input.userId }).where('ref', '=', row.ref).execute();
  return row.ref;
}

/** Whether the reference exists and its shooting is one of the given owners'. */
export async function refInScope(db: Db, ref: string, ownerIds: string[]): Promise<boolean> {
  if (ownerIds.length === 0) return false;
  const row = await db
    .selectFrom('player_references as r')
    .innerJoin('shootings as s', 's.id', 'r.shooting_id')
    .select('r.ref')
    .where('r.ref', '=', ref)
    .where('s.owner_id', 'in', ownerIds)
    .executeTakeFirst();
  return Boolean(row);
}

export interface PlayerSource {
  shootingId: string;
  ownerId: string;
  /** The dealer's choices for this link (player_references.show_*). */
  showDamages: boolean;
  showEdited: boolean;
  shootingType: string;
  remarketingStatus: string;
  owner: { logoKey: string | null; contactInformation: string; phone: string | null };
  lastUser: { email: string; groupId: string } | null;
}

/**
 * Everything the public player shows about a reference, or null when it does not exist: one query (every
 * player request starts here, the frames above all), the last user who shared it joined in.
 */
export async function findPlayerSource(db: Db, ref: string): Promise<PlayerSource | null> {
  return (await readPlayerSource(db, ref, false))?.source ?? null;
}

/**
 * The source and the shooting's images (as listImages gives them) in one read: the player's options,
 * which every visitor's page asks for, make one round trip instead of two.
 */
export async function findPlayerSourceWithImages(
  db: Db,
  ref: string,
): Promise<{ source: PlayerSource; images: ImageRow[] } | null> {
  return readPlayerSource(db, ref, true);
}

type SourceRow = {
  shootingId: string;
  ownerId: string;
  showDamages: number | boolean;
  showEdited: number | boolean;
  shootingType: string;
  remarketingStatus: string;
  logoKey: string | null;
  contactInformation: string;
  phone: string | null;
  userEmail: string | null;
  userGroupId: string | null;
} & { [K in keyof ImageRow as `i_${K}`]: ImageRow[K] | null };

async function readPlayerSource(
  db: Db,
  ref: string,
  withImages: boolean,
): Promise<{ source: PlayerSource; images: ImageRow[] } | null> {
  // Written as SQL text (platform/db/raw-sql.ts): every visitor's request runs it, and Kysely's building
  // and compiling cost more than this indexed read itself.
  const p = new SqlParams(db);
  const rows = await rawRows<SourceRow>(
    db,
    `select s.id as "shootingId", s.owner_id as "ownerId", r.show_damages as "showDamages", r.show_edited as "showEdited",
       s.shooting_type as "shootingType", s.remarketing_status as "remarketingStatus", o.logo_key as "logoKey",
       o.contact_information as "contactInformation", o.contact_phone as "phone", u.email as "userEmail", u.group_id as "userGroupId"
       ${
         withImages
           ? `, i.id as "i_id", i.position as "i_position", i.image_type as "i_imageType", i.blob_key as "i_blobKey",
              i.width as "i_width", i.height as "i_height", i.updated_at as "i_updatedAt"`
           : ''
       }
     from player_references r
     inner join shootings s on s.id = r.shooting_id
     inner join owners o on o.id = s.owner_id
     left join users u on u.id = coalesce(r.last_user_id, r.created_by, s.created_by)
     ${withImages ? 'left join images i on i.shooting_id = s.id' : ''}
     where r.ref = ${p.bind(ref)}${withImages ? ' order by i.position' : ''}`,
    p,
  );
  const row = rows[0];
  if (!row) return null;
  const source: PlayerSource = {
    shootingId: row.shootingId,
    ownerId: row.ownerId,
    showDamages: Number(row.showDamages) === 1,
    showEdited: Number(row.showEdited) === 1,
    shootingType: row.shootingType,
    remarketingStatus: row.remarketingStatus,
    owner: { logoKey: row.logoKey, contactInformation: row.contactInformation, phone: row.phone },
    lastUser:
      row.userEmail !== null && row.userGroupId !== null ? { email: row.userEmail, groupId: row.userGroupId } : null,
  };
  const images = withImages
    ? rows.flatMap((r) =>
        r.i_id === null || r.i_id === undefined
          ? []
          : [
              {
                id: r.i_id,
                position: r.i_position!,
                imageType: r.i_imageType!,
                blobKey: r.i_blobKey!,
                width: r.i_width ?? null,
                height: r.i_height ?? null,
                updatedAt: r.i_updatedAt!,
              },
            ],
      )
    : [];
  return { source, images };
}

/**
 * A reference's shooting status and images in one read, for the frames (the player's busiest call: a
 * visitor asks for each frame at each width): null when the reference does not exist.
 */
export async function findFrameSource(
  db: Db,
  ref: string,
): Promise<{ remarketingStatus: string; images: ImageRow[] } | null> {
  const p = new SqlParams(db);
  const rows = await rawRows<{ remarketingStatus: string } & { [K in keyof ImageRow]: ImageRow[K] | null }>(
    db,
    `select s.remarketing_status as "remarketingStatus", i.id, i.position, i.image_type as "imageType", i.blob_key as "blobKey",
       i.width, i.height, i.updated_at as "updatedAt"
     from player_references r
     inner join shootings s on s.id = r.shooting_id
     left join images i on i.shooting_id = s.id
     where r.ref = ${p.bind(ref)}
     order by i.position`,
    p,
  );
  if (!rows.length) return null;
  const images = rows.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            id: r.id,
            position: r.position!,
            imageType: r.imageType!,
            blobKey: r.blobKey!,
            width: r.width,
            height: r.height,
            updatedAt: r.updatedAt!,
          },
        ],
  );
  return { remarketingStatus: rows[0]!.remarketingStatus, images };
}

export interface ImageRow {
  id: string;
  position: number;
  imageType: string;
  blobKey: string;
  width: number | null;
  height: number | null;
  updatedAt: string;
}

export async function listImages(db: Db, shootingId: string): Promise<ImageRow[]> {
  // SQL text, as findPlayerSource: the player's options run it for every visitor.
  const p = new SqlParams(db);
  return rawRows<ImageRow>(
    db,
    `select id, position, image_type as "imageType", blob_key as "blobKey", width, height, updated_at as "updatedAt"
     from images where shooting_id = ${p.bind(shootingId)} order by position`,
    p,
  );
}

export interface VideoRow {
  videoType: string;
  streamer: string;
  url: string | null;
  reference: string | null;
  blobKey: string | null;
  posterKey: string | null;
}

export async function listVideos(db: Db, shootingId: string): Promise<VideoRow[]> {
  return db
    .selectFrom('videos')
    .select([
      'video_type as videoType',
      'streamer',
      'url',
      'reference',
      'blob_key as blobKey',
      'poster_key as posterKey',
    ])
    .where('shooting_id', '=', shootingId)
    .execute();
}

export async function recordEvent(
  db: Db,
  row: { id: string; kind: string; subject: string; payload: object; now: string },
): Promise<void> {
  await db
    .insertInto('statistics_events')
    .values({
      id: row.id,
      user_id: null,
      kind: row.kind,
      subject: row.subject,
      payload: JSON.stringify(row.payload),
      created_at: row.now,
    })
    .execute();
}

/** The dealer's choices for a shooting's link on a marketplace, undefined before the link exists. */
export async function findLinkSettings(
  db: Db,
  shootingId: string,
  marketplace: string,
): Promise<{ showDamages: boolean; showEditedLabels: boolean } | undefined> {
  const row = await db
    .selectFrom('player_references')
    .select(['show_damages', 'show_edited'])
    .where('shooting_id', '=', shootingId)
    .where('marketplace', '=', marketplace)
    .executeTakeFirst();
  return row && { showDamages: Number(row.show_damages) === 1, showEditedLabels: Number(row.show_edited) === 1 };
}

/**
 * Saves the dealer's choices for a shooting's link, creating the link when it does not exist yet (without
 * making the caller its last user: only taking the link does that).
 */
export async function saveLinkSettings(
  db: Db,
  input: NewRef,
  changes: { showDamages?: boolean; showEditedLabels?: boolean },
): Promise<void> {
  await insertRefOnce(db, input);
  await db
    .updateTable('player_references')
    .set({
      ...(changes.showDamages !== undefined && { show_damages: changes.showDamages ? 1 : 0 }),
      ...(changes.showEditedLabels !== undefined && { show_edited: changes.showEditedLabels ? 1 : 0 }),
    })
    .where('shooting_id', '=', input.shootingId)
    .where('marketplace', '=', input.marketplace)
    .execute();
}

export interface SpinDamageRow {
  id: string;
  spotImageId: string;
  x: number;
  y: number;
  zone: string;
  kind: string;
  severity: string;
  photo: ImageRow | null;
}

/**
 * The damages placed on the pictures of a shooting, recorded on inspections of the same owner, in the
 * order the inspections and their damages were recorded.
 */
export async function listSpinDamages(db: Db, shootingId: string, ownerId: string): Promise<SpinDamageRow[]> {
  const rows = await db
    .selectFrom('inspection_damages as d')
    .innerJoin('images as i', 'i.id', 'd.spot_image_id')
    .innerJoin('shootings as s', 's.id', 'd.shooting_id')
    .leftJoin('images as p', 'p.id', 'd.image_id')
    .select([
      'd.id',
      'd.spot_image_id as spotImageId',
      'd.spot_x as x',
      'd.spot_y as y',
      'd.zone',
      'd.kind',
      'd.severity',
      'p.id as photoId',
      'p.position as photoPosition',
      'p.image_type as photoType',
      'p.blob_key as photoKey',
      'p.width as photoWidth',
      'p.height as photoHeight',
      'p.updated_at as photoUpdatedAt',
    ])
    .where('i.shooting_id', '=', shootingId)
    .where('s.owner_id', '=', ownerId)
    .orderBy('s.created_at')
    .orderBy('d.position')
    .orderBy('d.id')
    .execute();
  return rows.flatMap((r) =>
    r.spotImageId && r.x != null && r.y != null
      ? [
          {
            id: r.id,
            spotImageId: r.spotImageId,
            x: Number(r.x),
            y: Number(r.y),
            zone: r.zone,
            kind: r.kind,
            severity: r.severity,
            photo:
              r.photoId && r.photoKey && r.photoUpdatedAt
                ? {
                    id: r.photoId,
                    position: r.photoPosition ?? 0,
                    imageType: r.photoType ?? '',
                    blobKey: r.photoKey,
                    width: r.photoWidth,
                    height: r.photoHeight,
                    updatedAt: r.photoUpdatedAt,
                  }
                : null,
          },
        ]
      : [],
  );
}

// ---- the public writes: one round trip on PostgreSQL ----

/** One hit of a rate limit: the limiter and the caller's key in it. */
export interface LimitHit {
  limiter: RateLimiter;
  key: string;
}

/** The reference exists (with its shooting and owner, as findPlayerSource reads it): the gate of the writes below. */
const refGate = (p: SqlParams, ref: string) =>
  `select r.ref from player_references r
     inner join shootings s on s.id = r.shooting_id
     inner join owners o on o.id = s.owner_id
   where r.ref = ${p.bind(ref)}`;

/**
 * Rate-limit counts are the only writes that may be lost in a crash without harm (a window counted
 * again lets a few more requests through, once): a transaction that wrote nothing else commits without
 * waiting for its WAL flush (PostgreSQL's synchronous_commit, for this transaction only).
 */
const asyncCommitUnless = (kept: string) =>
  `set_config('synchronous_commit', case when ${kept} then 'on' else 'off' end, true)`;

/**
 * The 'watched' notification: when the reference exists, counts each hit in turn, each only while the
 * ones before it let the visitor through, and records the event when all of them did. 'missing' when the
 * reference does not exist (nothing counted), 'limited' when a hit refused it. On PostgreSQL one
 * statement (the reference, both counts and the event were four round trips, for a sixth of the load
 * bench's requests); on SQLite, in-process, the same steps one after the other.
 */
export async function recordWatchedEvent(
  db: Db,
  input: { ref: string; hits: readonly LimitHit[]; now: Date; event: { id: string; kind: string; payload: object } },
): Promise<'missing' | 'limited' | 'recorded'> {
  const now = input.now.getTime();
  const p = new SqlParams(db);
  if (!p.postgres) {
    if (!(await findPlayerSource(db, input.ref))) return 'missing';
    for (const hit of input.hits) if (!(await hit.limiter.take(hit.key))) return 'limited';
    await recordEvent(db, { ...input.event, subject: input.ref, now: input.now.toISOString() });
    return 'recorded';
  }
  const ctes = [`src as (${refGate(p, input.ref)})`];
  let gate = 'src';
  input.hits.forEach((hit, i) => {
    ctes.push(`h${i} as (${hit.limiter.hitSql(p, hit.key, now, gate)})`);
    gate = `(select 1 from h${i} where h${i}."count" <= ${p.bind(hit.limiter.max)}) as g${i}`;
  });
  ctes.push(
    `ev as (insert into statistics_events (id, user_id, kind, subject, payload, created_at)
       select ${p.bind(input.event.id)}, null, ${p.bind(input.event.kind)}, r.ref, ${p.bind(JSON.stringify(input.event.payload))}, ${p.bind(input.now.toISOString())}
       from src r, ${gate} returning 1)`,
  );
  const [row] = await rawRows<{ found: number | string; recorded: number | string }>(
    db,
    `with ${ctes.join(',\n')}
     select (select count(*) from src) as found, (select count(*) from ev) as recorded, ${asyncCommitUnless('exists (select 1 from ev)')} as commit_mode`,
    p,
  );
  for (const hit of input.hits) await hit.limiter.sweep(now);
  if (Number(row!.found) === 0) return 'missing';
  return Number(row!.recorded) > 0 ? 'recorded' : 'limited';
}

/**
 * Before a rating: whether the reference exists (else nothing is counted), whether the hit let the
 * visitor through, and how many ratings the visitor left since `since`. On PostgreSQL one statement
 * (three round trips before), committed without waiting for its flush: its only write is the count.
 */
export async function takeForRating(
  db: Db,
  input: { ref: string; hit: LimitHit; now: Date; visitor: string; since: string },
): Promise<{ found: boolean; allowed: boolean; recent: number }> {
  const now = input.now.getTime();
  const p = new SqlParams(db);
  if (!p.postgres) {
    if (!(await findPlayerSource(db, input.ref))) return { found: false, allowed: false, recent: 0 };
    if (!(await input.hit.limiter.take(input.hit.key))) return { found: true, allowed: false, recent: 0 };
    return { found: true, allowed: true, recent: await countRatingsSince(db, 'PLAYER', input.visitor, input.since) };
  }
  const [row] = await rawRows<{ found: number | string; count: number | string | null; recent: number | string }>(
    db,
    `with src as (${refGate(p, input.ref)}), h as (${input.hit.limiter.hitSql(p, input.hit.key, now, 'src')})
     select (select count(*) from src) as found, (select "count" from h) as "count",
       (select count(*) from ratings where kind = 'PLAYER' and visitor = ${p.bind(input.visitor)} and created_at >= ${p.bind(input.since)}) as recent,
       ${asyncCommitUnless('false')} as commit_mode`,
    p,
  );
  await input.hit.limiter.sweep(now);
  const found = Number(row!.found) > 0;
  return {
    found,
    allowed: found && row!.count !== null && input.hit.limiter.allows(row!.count),
    recent: Number(row!.recent),
  };
}
