// The entry of the thread that searches a picture's half-size scale (plate-half-thread.ts starts it) while the
// caller's thread searches the full-size one (decision 0068).
import { serveThreadTasks } from '../../platform/threads/thread-tasks';
import { NICE } from '../../priorities';
import { halfScaleFindings } from './plate-detector';
import type { HalfScaleTask } from './plate-half-thread';

serveThreadTasks(
  ({ width, height, data, sourceNoise }: HalfScaleTask) => halfScaleFindings({ width, height, data }, sourceNoise),
  NICE.plateThread,
);
