import { DEFAULT_FLOOR_LEVEL, Format, StampConfiguration, type Stamp } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { findGroupStamp, findStamp, findStampConfiguration, listGroupStamps, type StampRow } from './stamps.repo';

export type { StampRow } from './stamps.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'config'>;

const croppingTypeOf = (value: string) =>
  StampConfiguration.shape.croppingConfiguration.shape.croppingType.parse(value);

const presign = (deps: Deps, key: string) =>
  deps.blobs.presignGet(key, { expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS });

/**
 * The stamps of the user's dealer group, optionally of some formats. A user may read only their own
 * list: another id answers 404, as any foreign id does.
 */
export async function listUserStamps(
  deps: Deps,
  user: UserContext,
  userId: string,
  formats?: string[],
): Promise<Stamp[]> {
  if (userId !== user.id) throw notFound('User');
  const rows = await listGroupStamps(deps.db, user.groupId, formats);
  return Promise.all(
    rows.map(async (s) => ({
      id: s.id,
      name: s.name,
      format: Format.parse(s.format),
      url: await presign(deps, s.overlayKey),
    })),
  );
}

/** A stamp of the user's group, or 404. */
export async function stampOfGroup(deps: Pick<Adapters, 'db'>, user: UserContext, stampId: string): Promise<StampRow> {
  const stamp = await findGroupStamp(deps.db, stampId, user.groupId);
  if (!stamp) throw notFound('Stamp');
  return stamp;
}

/** A stamp by id, for jobs: the request that queued the job already checked it is of the user's group. */
export async function stampForJob(deps: Pick<Adapters, 'db'>, stampId: string): Promise<StampRow | null> {
  return findStamp(deps.db, stampId);
}

/** The stamp's cropping configuration (spec section 3); a stamp without one crops with the defaults. */
export async function getStampConfiguration(
  deps: Deps,
  user: UserContext,
  stampId: string,
): Promise<StampConfiguration> {
  const stamp = await stampOfGroup(deps, user, stampId);
  const config = await findStampConfiguration(deps.db, stamp.id);
  return {
    id: stamp.id,
    croppingConfiguration: {
      background: config?.backgroundKey ? await presign(deps, config.backgroundKey) : null,
      blurringValue: config?.blurringValue ?? 0,
      croppingType: croppingTypeOf(config?.croppingType ?? 'CROPPING'),
      floorLevel: config?.floorLevel ?? DEFAULT_FLOOR_LEVEL,
    },
  };
}
