import type { MarketplaceRules } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { Queue } from '../../platform/queue/queue';
import { findShootingForJob } from '../shootings/shooting-scope.service';
import { UnreadablePicture } from '../vision/segmentation';
import { measureAngleFeatures } from './angle-features';
import { classifyAngle, type AngleFeatures } from './angle-rules';
import * as repo from './marketplaces.repo';
import { profilesOfGroup } from './profiles.service';

/**
 * Angle recognition where a marketplace's order needs it (decision 0056): the `marketplaces.recognise-angles` job
 * measures each picture without an angle (plate, vehicle mask, colours) and stores what the rules say as the
 * model's angle. A person's correction is never measured again nor overwritten (`setModelAngle` writes only
 * where no person has); a picture the rules cannot name stays without an angle, for a person.
 */

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock'>;
export type MeasureAngle = (image: Buffer) => Promise<AngleFeatures>;

/** Whether any profile of the group orders pictures by angle: otherwise no picture is measured. */
export const ordersByAngle = (rules: MarketplaceRules) => rules.lead !== null || rules.order.length > 0;

export interface RecognitionOutcome {
  /** Positions given a recognised angle. */
  recognised: number;
  /** Positions measured whose angle the rules could not name, or whose picture could not be read. */
  unknown: number;
}

export async function recogniseShootingAngles(
  deps: Deps,
  shootingId: string,
  measure: MeasureAngle = measureAngleFeatures,
): Promise<RecognitionOutcome> {
  const outcome = { recognised: 0, unknown: 0 };
  const shooting = await findShootingForJob(deps.db, shootingId);
  if (!shooting) return outcome;
  const profiles = await profilesOfGroup(deps, shooting.groupId);
  if (!profiles.some((p) => ordersByAngle(p.rules))) return outcome;
  const known = new Set((await repo.shootingAngles(deps.db, shooting.id)).map((a) => a.position));
  const originals = (await repo.shootingPictures(deps.db, shooting.id)).filter(
    (i) => i.image_type === 'ORIGINAL' && !known.has(i.position),
  );
  for (const original of originals) {
    const bytes = await deps.blobs.getBuffer(original.blob_key);
    // A file gone (the picture deleted meanwhile) or unreadable is a picture left to a person, not a retry.
    const features = bytes
      ? await measure(bytes).catch((err: Error) => {
          if (err instanceof UnreadablePicture) return null;
          throw err;
        })
      : null;
    const angle = features ? classifyAngle(features).angle : null;
    if (!angle) {
      outcome.unknown += 1;
      continue;
    }
    await repo.setModelAngle(deps.db, {
      shooting_id: shooting.id,
      position: original.position,
      angle,
      updated_at: deps.clock.now().toISOString(),
    });
    outcome.recognised += 1;
  }
  return outcome;
}

/**
 * Queues recognition when some of the shooting's pictures have no angle. Keyed by the shooting's set of positions:
 * a set already measured (some pictures left unknown) is not queued again, a set with a new picture is.
 */
export async function queueAngleRecognition(
  deps: { queue: Pick<Queue, 'enqueue' | 'pendingKeys'> },
  shootingId: string,
  positions: readonly number[],
  known: ReadonlySet<number>,
): Promise<{ recognising: boolean }> {
  if (positions.every((p) => known.has(p))) return { recognising: false };
  const key = `marketplaces.recognise-angles:${shootingId}:${[...positions].sort((a, b) => a - b).join(',')}`;
  await deps.queue.enqueue('marketplaces.recognise-angles', { shootingId }, { key });
  // Still to run: the portal looks again until it has run (a picture it could not name stays without an angle).
  return { recognising: (await deps.queue.pendingKeys([key])).length > 0 };
}
