import { buildApp } from '../../app';
import { createTestAdapters } from '../../test/test-adapters';
import { describeBlobStore } from './blob-store.suite';

describeBlobStore('fs, through the /blobs routes', async () => {
  const adapters = await createTestAdapters();
  const app = await buildApp(adapters);
  return {
    store: adapters.blobs,
    upload: async (url, body, contentType) =>
      (await app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } })).statusCode,
    download: async (url) => {
      const res = await app.inject({ method: 'GET', url });
      const headers = Object.fromEntries(
        Object.entries(res.headers).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
      );
      return { status: res.statusCode, body: res.rawPayload, headers };
    },
    cleanup: async () => {
      await app.close();
      await adapters.cleanup();
    },
  };
});
