import { describe, expect, it } from 'vitest';
import { newSendState, sendShooting, SendFailure, type DraftToSend, type SendApi } from './send-shooting';

const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

function fakeApi(opts: { failUploadOf?: string } = {}) {
  let n = 0;
  const calls: string[] = [];
  const api: SendApi = {
    uuid: () => `id-${++n}`,
    createVirtualProduct: async (b) => {
      calls.push(`product ${b.vin} ${b.registration}`);
      return { id: 'p1' };
    },
    generatePresignedUrls: async (productId, body) => {
      calls.push(`presign ${body.images.length}`);
      return {
        images: body.images.map((i) => ({
          id: i.id,
          presignedUrl: `/put/${i.id}`,
          url: `uploads/${productId}/${i.id}`,
          expiresAt: '',
        })),
      };
    },
    uploadFile: async (url, f, _type, onProgress) => {
      calls.push(`put ${f.name}`);
      onProgress(0.5);
      if (opts.failUploadOf === f.name) throw new Error('refused');
      onProgress(1);
    },
    registerImages: async (_o, _p, body) => {
      calls.push(`register ${body.images.map((i) => `${i.order}:${i.url}`).join(',')}`);
      return { id: 's1' };
    },
    completePhotoWorkflow: async () => {
      calls.push('validate');
    },
  };
  return { api, calls, opts };
}

const draft: DraftToSend = {
  productId: null,
  registration: 'AB-123-CD',
  ownerId: 'own',
  format: '16/9',
  stampId: 'st',
  userId: 'u',
  images: [
    { key: 'a', file: file('a.jpg') },
    { key: 'b', file: file('b.jpg') },
    { key: 'c', file: file('c.jpg') },
  ],
};

describe('sendShooting', () => {
  it('runs the five steps in order and registers the images in their order', async () => {
    const { api, calls } = fakeApi();
    const steps: string[] = [];
    const result = await sendShooting(
      draft,
      newSendState(() => 'v'),
      api,
      (p) => steps.push(p.step),
    );
    expect(result).toEqual({ shootingId: 's1' });
    expect([...new Set(steps)]).toEqual(['product', 'presign', 'upload', 'register', 'validate']);
    expect(calls[0]).toBe('product Virtual_v AB-123-CD');
    expect(calls).toContain('register 0:uploads/p1/id-1,1:uploads/p1/id-2,2:uploads/p1/id-3');
    expect(calls.at(-1)).toBe('validate');
  });

  it('stops at a refused upload, and a retry uploads only what did not arrive', async () => {
    const fake = fakeApi({ failUploadOf: 'b.jpg' });
    const state = newSendState(() => 'v');
    const error = await sendShooting(draft, state, fake.api, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendFailure);
    expect((error as SendFailure).step).toBe('upload');
    expect(fake.calls).not.toContain('validate');

    fake.calls.length = 0;
    fake.opts.failUploadOf = undefined;
    await sendShooting(draft, state, fake.api, () => undefined);
    expect(fake.calls).toEqual([
      'put b.jpg',
      'register 0:uploads/p1/id-1,1:uploads/p1/id-2,2:uploads/p1/id-3',
      'validate',
    ]);
  });

  it('uploads again, on retry, an image whose upload link had expired at registration', async () => {
    const fake = fakeApi();
    const state = newSendState(() => 'v');
    const register = fake.api.registerImages;
    fake.api.registerImages = async () => {
      throw Object.assign(new Error('refused'), { details: { images: [{ order: 2, code: 'KEY_EXPIRED' }] } });
    };
    await expect(sendShooting(draft, state, fake.api, () => undefined)).rejects.toMatchObject({ step: 'register' });
    fake.api.registerImages = register;
    fake.calls.length = 0;
    await sendShooting(draft, state, fake.api, () => undefined);
    expect(fake.calls).toEqual([
      'presign 1',
      'put c.jpg',
      'register 0:uploads/p1/id-1,1:uploads/p1/id-2,2:uploads/p1/id-4',
      'validate',
    ]);
  });

  it('uses a known vehicle without creating a product', async () => {
    const { api, calls } = fakeApi();
    await sendShooting(
      { ...draft, productId: 'known' },
      newSendState(() => 'v'),
      api,
      () => undefined,
    );
    expect(calls.some((c) => c.startsWith('product'))).toBe(false);
    expect(calls).toContain('register 0:uploads/known/id-1,1:uploads/known/id-2,2:uploads/known/id-3');
  });
});
