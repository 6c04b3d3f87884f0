import type { ShootingVideo } from '@forecourt/contracts';

/** A shooting's video as the detail API gives it, for the tests of what the portal shows of it. */
export const shootingVideo = (
  type: ShootingVideo['type'],
  streamer: string,
  reference: string | null = 'ref1',
  url: string | null = null,
): ShootingVideo => ({
  id: type,
  type,
  streamer,
  reference,
  url,
});
