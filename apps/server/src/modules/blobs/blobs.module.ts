import { FsBlobStore } from '../../platform/blobs/fs-blob-store';
import type { ServerModule } from '../module';
import { blobCollection, blobJobs } from './blobs.jobs';

/** The embedded blob store's presigned URLs (the S3 store serves its own), and the blobs' garbage collection. */
export const blobsModule: ServerModule = {
  name: 'blobs',
  routes: async (app, { adapters }) => {
    if (adapters.blobs instanceof FsBlobStore)
      await (await import('./blobs.routes')).blobRoutes(app, { blobs: adapters.blobs });
  },
  jobs: (adapters) => Object.values(blobJobs(adapters)),
  recurring: [blobCollection],
};
