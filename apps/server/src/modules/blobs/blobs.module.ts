import { FsBlobStore } from '../../platform/blobs/fs-blob-store';
import type { ServerModule } from '../module';

/** The embedded blob store's presigned URLs; the S3 store serves its own. */
export const blobsModule: ServerModule = {
  name: 'blobs',
  routes: async (app, { adapters }) => {
    if (adapters.blobs instanceof FsBlobStore) await (await import('./blobs.routes')).blobRoutes(app, { blobs: adapters.blobs });
  },
};
