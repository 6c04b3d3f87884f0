import type { Format, PresignImagesBody, PresignImagesResponse, RegisterShootingBody } from '@forecourt/contracts';

/** The five steps of sending a new shooting (spec section 4), in order. */
export const SEND_STEPS = ['product', 'presign', 'upload', 'register', 'validate'] as const;
export type SendStep = (typeof SEND_STEPS)[number];

export interface DraftToSend {
  /** A known vehicle; null for a new registration, whose virtual product is created first. */
  productId: string | null;
  registration: string;
  ownerId: string;
  format: Format;
  stampId: string;
  userId: string;
  /** In image order; `key` names the picture locally. */
  images: { key: string; file: File }[];
}

interface UploadEntry {
  presignedUrl: string;
  url: string;
  uploaded: boolean;
}

/** What one attempt leaves for the next, so that a retry resumes instead of starting over. */
export interface SendState {
  vin: string;
  productId: string | null;
  entries: Map<string, UploadEntry>;
  shootingId: string | null;
  validated: boolean;
}

export const newSendState = (uuid: () => string): SendState => ({
  vin: `Virtual_${uuid()}`,
  productId: null,
  entries: new Map(),
  shootingId: null,
  validated: false,
});

export interface SendApi {
  uuid: () => string;
  createVirtualProduct: (body: { vin: string; ownerId: string; registration: string }) => Promise<{ id: string }>;
  generatePresignedUrls: (productId: string, body: PresignImagesBody) => Promise<PresignImagesResponse>;
  uploadFile: (url: string, file: File, contentType: string, onProgress: (fraction: number) => void) => Promise<void>;
  registerImages: (ownerId: string, productId: string, body: RegisterShootingBody) => Promise<{ id: string }>;
  completePhotoWorkflow: (productId: string, ownerId: string) => Promise<void>;
}

export interface SendProgress {
  step: SendStep;
  /** Fraction sent per image key. */
  uploads: Record<string, number>;
}

/** A step failed: the cause is the API or upload error. */
export class SendFailure extends Error {
  constructor(
    readonly step: SendStep,
    override readonly cause: unknown,
  ) {
    super(`Sending failed at step ${step}`);
  }
}

const UPLOADS_AT_ONCE = 3;
const UPLOAD_AGAIN = new Set(['KEY_EXPIRED', 'NOT_UPLOADED']);

/**
 * Runs the steps still to do for this draft, reporting progress. On failure it stops and throws a
 * SendFailure; calling it again with the same state resumes: the product is not created twice and files
 * that already arrived are not uploaded again.
 */
export async function sendShooting(
  draft: DraftToSend,
  state: SendState,
  api: SendApi,
  onProgress: (p: SendProgress) => void,
): Promise<{ shootingId: string }> {
  const uploads: Record<string, number> = Object.fromEntries(
    draft.images.map((i) => [i.key, state.entries.get(i.key)?.uploaded ? 1 : 0]),
  );
  const report = (step: SendStep) => onProgress({ step, uploads: { ...uploads } });
  const step = async <T>(name: SendStep, work: () => Promise<T>): Promise<T> => {
    report(name);
    try {
      return await work();
    } catch (err) {
      throw new SendFailure(name, err);
    }
  };

  const productId = await step('product', async () => {
    state.productId ??=
      draft.productId ??
      (await api.createVirtualProduct({ vin: state.vin, ownerId: draft.ownerId, registration: draft.registration })).id;
    return state.productId;
  });

  await step('presign', async () => {
    const missing = draft.images.filter((i) => !state.entries.has(i.key));
    if (missing.length === 0) return;
    const asked = missing.map((i) => ({ key: i.key, id: api.uuid(), contentType: i.file.type }));
    const answer = await api.generatePresignedUrls(productId, {
      images: asked.map(({ id, contentType }) => ({ id, contentType })),
    });
    for (const a of asked) {
      const entry = answer.images.find((e) => e.id === a.id);
      if (!entry) throw new Error(`No upload URL for ${a.id}`);
      state.entries.set(a.key, { presignedUrl: entry.presignedUrl, url: entry.url, uploaded: false });
    }
  });

  await step('upload', async () => {
    const queue = draft.images.filter((i) => !state.entries.get(i.key)!.uploaded);
    let failure: unknown = null;
    const lane = async () => {
      for (let image = queue.shift(); image && !failure; image = queue.shift()) {
        const entry = state.entries.get(image.key)!;
        try {
          await api.uploadFile(entry.presignedUrl, image.file, image.file.type, (fraction) => {
            uploads[image.key] = fraction;
            report('upload');
          });
          entry.uploaded = true;
        } catch (err) {
          failure ??= err;
        }
      }
    };
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, lane));
    if (failure) throw failure;
  });

  const shootingId = await step('register', async () => {
    try {
      state.shootingId ??= (
        await api.registerImages(draft.ownerId, productId, {
          images: draft.images.map((i, order) => ({
            url: state.entries.get(i.key)!.url,
            order,
            imageType: 'ORIGINAL',
            format: draft.format,
            stampId: draft.stampId,
          })),
          userId: draft.userId,
          shootingType: 'standard',
        })
      ).id;
      return state.shootingId;
    } catch (err) {
      // An upload whose link expired or that never arrived is asked for and sent again by the retry.
      const refusals = (err as { details?: { images?: { order: number; code: string }[] } }).details?.images ?? [];
      for (const r of refusals) if (UPLOAD_AGAIN.has(r.code)) state.entries.delete(draft.images[r.order]?.key ?? '');
      throw err;
    }
  });

  await step('validate', async () => {
    if (!state.validated) await api.completePhotoWorkflow(productId, draft.ownerId);
    state.validated = true;
  });
  return { shootingId };
}
