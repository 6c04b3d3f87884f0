import { describeBlobStore } from './blob-store.suite';
import { createTestAdapters } from '../../test/test-adapters';
import { startTestS3Server } from '../../test/s3-server';

describeBlobStore('s3, on s3rver', async () => {
  const s3 = await startTestS3Server();
  const adapters = await createTestAdapters(s3.env);
  return {
    store: adapters.blobs,
    upload: async (url, body, contentType) =>
      (await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'Content-Type': contentType } })).status,
    download: async (url) => {
      const res = await fetch(url);
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: Object.fromEntries(res.headers) };
    },
    cleanup: async () => {
      await adapters.cleanup();
      await s3.stop();
    },
  };
});
