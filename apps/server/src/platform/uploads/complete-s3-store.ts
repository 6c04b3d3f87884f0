import { ERRORS } from '@tus/server';
import { S3Store } from '@tus/s3-store';

/**
 * tus's S3 store, whose `remove` removes everything of an upload, finished or not: tus's own aborts the
 * multipart upload first and, when there is none left to abort (the upload finished), stops there,
 * leaving the whole file and its record in the bucket; it never deletes the incomplete part (`<id>.part`,
 * the bytes past the last whole part) either.
 */
export class CompleteS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (err) {
      if (err !== ERRORS.FILE_NOT_FOUND) throw err;
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: this.partKey(id) }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }],
        Quiet: true,
      },
    });
    await this.clearCache(id);
  }
}
