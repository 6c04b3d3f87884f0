import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { bucketUrl, SigV4Presigner } from './sigv4-presigner';

const stores = [
  { name: 'path style on a local endpoint', bucket: 'forecourt-bench', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
  { name: 'virtual host on an endpoint with a base path', bucket: 'forecourt', region: 'eu-west-3', endpoint: 'https://minio.internal:9000/base', forcePathStyle: false },
  { name: 'AWS itself', bucket: 'forecourt', region: 'eu-west-3', endpoint: undefined, forcePathStyle: false },
];
const keys = ['shootings/0b9f/1-ORIGINAL.jpg', "uploads/p/ab c (1)+é!*'~.jpg", 'reports/x/rapport d’été.pdf'];
const at = new Date('2026-11-26T03:00:00.000Z');

describe('SigV4Presigner', () => {
  for (const store of stores) {
    describe(store.name, () => {
      const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
      const sdk = new S3Client({ ...store, requestChecksumCalculation: 'WHEN_REQUIRED', credentials });
      const fast = new SigV4Presigner({ bucketUrl: bucketUrl(store), region: store.region, ...credentials });

      it.each(keys)('signs a download link of %s exactly as the AWS SDK does', async (key) => {
        const expected = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: store.bucket, Key: key }), { expiresIn: 3600, signingDate: at });
        expect(fast.presign({ method: 'GET', key, expiresInSeconds: 3600, query: { 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' }, at })).toBe(expected);
      });

      it('signs a download under a file name exactly as the AWS SDK does', async () => {
        const disposition = `attachment; filename*=UTF-8''${encodeURIComponent("Rapport d'été (2).pdf")}`;
        const expected = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: store.bucket, Key: keys[2]!, ResponseContentDisposition: disposition }), {
          expiresIn: 600,
          signingDate: at,
        });
        const query = { 'response-content-disposition': disposition, 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' };
        expect(fast.presign({ method: 'GET', key: keys[2]!, expiresInSeconds: 600, query, at })).toBe(expected);
      });

      it('signs an upload bound to its content type exactly as the AWS SDK does', async () => {
        const expected = await getSignedUrl(sdk, new PutObjectCommand({ Bucket: store.bucket, Key: keys[1]!, ContentType: 'image/jpeg' }), {
          expiresIn: 900,
          signingDate: at,
          signableHeaders: new Set(['content-type']),
        });
        expect(fast.presign({ method: 'PUT', key: keys[1]!, expiresInSeconds: 900, query: { 'x-id': 'PutObject' }, headers: { 'content-type': 'image/jpeg' }, at })).toBe(expected);
      });
    });
  }

  it('signs with the key of the day it signs on (the key is derived from the date)', async () => {
    const store = stores[0]!;
    const credentials = { accessKeyId: 'AK', secretAccessKey: 'SK' };
    const sdk = new S3Client({ ...store, requestChecksumCalculation: 'WHEN_REQUIRED', credentials });
    const fast = new SigV4Presigner({ bucketUrl: bucketUrl(store), region: store.region, ...credentials });
    for (const day of [at, new Date('2026-11-27T00:00:01.000Z'), at]) {
      const expected = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: store.bucket, Key: keys[0]! }), { expiresIn: 60, signingDate: day });
      expect(fast.presign({ method: 'GET', key: keys[0]!, expiresInSeconds: 60, query: { 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' }, at: day })).toBe(expected);
    }
  });
});
