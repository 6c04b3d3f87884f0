import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { bucketUrl, SigV4Signer } from './sigv4-signer';

const stores = [
  {
    name: 'path style on a local endpoint',
    bucket: 'forecourt-bench',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
  },
  {
    name: 'virtual host on an endpoint with a base path',
    bucket: 'forecourt',
    region: 'eu-west-3',
    endpoint: 'https://minio.internal:9000/base',
    forcePathStyle: false,
  },
  { name: 'AWS itself', bucket: 'forecourt', region: 'eu-west-3', endpoint: undefined, forcePathStyle: false },
];
const keys = ['shootings/0b9f/1-ORIGINAL.jpg', "uploads/p/ab c (1)+é!*'~.jpg", 'reports/x/rapport d’été.pdf'];
const at = new Date('2026-11-26T03:00:00.000Z');

describe('SigV4Signer', () => {
  for (const store of stores) {
    describe(store.name, () => {
      const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
      const sdk = new S3Client({ ...store, requestChecksumCalculation: 'WHEN_REQUIRED', credentials });
      const fast = new SigV4Signer({ bucketUrl: bucketUrl(store), region: store.region, ...credentials });

      it.each(keys)('signs a download link of %s exactly as the AWS SDK does', async (key) => {
        const expected = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: store.bucket, Key: key }), {
          expiresIn: 3600,
          signingDate: at,
        });
        expect(
          fast.presign({
            method: 'GET',
            key,
            expiresInSeconds: 3600,
            query: { 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' },
            at,
          }),
        ).toBe(expected);
      });

      it('signs a download under a file name exactly as the AWS SDK does', async () => {
        const disposition = `attachment; filename*=UTF-8''${encodeURIComponent("Rapport d'été (2).pdf")}`;
        const expected = await getSignedUrl(
          sdk,
          new GetObjectCommand({ Bucket: store.bucket, Key: keys[2]!, ResponseContentDisposition: disposition }),
          {
            expiresIn: 600,
            signingDate: at,
          },
        );
        const query = {
          'response-content-disposition': disposition,
          'x-amz-checksum-mode': 'ENABLED',
          'x-id': 'GetObject',
        };
        expect(fast.presign({ method: 'GET', key: keys[2]!, expiresInSeconds: 600, query, at })).toBe(expected);
      });

      it('signs an upload bound to its content type exactly as the AWS SDK does', async () => {
        const expected = await getSignedUrl(
          sdk,
          new PutObjectCommand({ Bucket: store.bucket, Key: keys[1]!, ContentType: 'image/jpeg' }),
          {
            expiresIn: 900,
            signingDate: at,
            signableHeaders: new Set(['content-type']),
          },
        );
        expect(
          fast.presign({
            method: 'PUT',
            key: keys[1]!,
            expiresInSeconds: 900,
            query: { 'x-id': 'PutObject' },
            headers: { 'content-type': 'image/jpeg' },
            at,
          }),
        ).toBe(expected);
      });
    });
  }

  it('signs with the key of the day it signs on (the key is derived from the date)', async () => {
    const store = stores[0]!;
    const credentials = { accessKeyId: 'AK', secretAccessKey: 'SK' };
    const sdk = new S3Client({ ...store, requestChecksumCalculation: 'WHEN_REQUIRED', credentials });
    const fast = new SigV4Signer({ bucketUrl: bucketUrl(store), region: store.region, ...credentials });
    for (const day of [at, new Date('2026-11-27T00:00:01.000Z'), at]) {
      const expected = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: store.bucket, Key: keys[0]! }), {
        expiresIn: 60,
        signingDate: day,
      });
      expect(
        fast.presign({
          method: 'GET',
          key: keys[0]!,
          expiresInSeconds: 60,
          query: { 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' },
          at: day,
        }),
      ).toBe(expected);
    }
  });
});

// AWS's worked examples of header-signed S3 requests (Amazon S3 API reference, "Signature calculations for
// the Authorization header: Transferring payload in a single chunk", examples section), all in us-east-1 on
// 2013-05-24 with the documentation's example credentials.
describe('SigV4Signer, header signing, against AWS published S3 examples', () => {
  const signer = new SigV4Signer({
    bucketUrl: bucketUrl({
      bucket: 'examplebucket',
      region: 'us-east-1',
      endpoint: 'https://s3.amazonaws.com',
      forcePathStyle: false,
    }),
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  });
  const at = new Date('2013-05-24T00:00:00Z');
  const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const authorization = (signedHeaders: string, signature: string) =>
    `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=${signedHeaders},Signature=${signature}`;

  it('GET Object, the first 10 bytes', () => {
    const { url, headers } = signer.sign({
      method: 'GET',
      key: 'test.txt',
      headers: { range: 'bytes=0-9' },
      payloadHash: emptyHash,
      at,
    });
    expect(url).toBe('https://examplebucket.s3.amazonaws.com/test.txt');
    expect(headers).toEqual({
      range: 'bytes=0-9',
      host: 'examplebucket.s3.amazonaws.com',
      'x-amz-content-sha256': emptyHash,
      'x-amz-date': '20130524T000000Z',
      authorization: authorization(
        'host;range;x-amz-content-sha256;x-amz-date',
        'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      ),
    });
  });

  it('PUT Object, a key with a character to encode and its payload hashed', () => {
    const { url, headers } = signer.sign({
      method: 'PUT',
      key: 'test$file.text',
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: createHash('sha256').update('Welcome to Amazon S3.').digest('hex'),
      at,
    });
    expect(url).toBe('https://examplebucket.s3.amazonaws.com/test%24file.text');
    expect(headers.authorization).toBe(
      authorization(
        'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
        '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
      ),
    );
  });

  it('GET Bucket Lifecycle, a query parameter without a value', () => {
    const { url, headers } = signer.sign({
      method: 'GET',
      key: '',
      query: { lifecycle: '' },
      payloadHash: emptyHash,
      at,
    });
    expect(url).toBe('https://examplebucket.s3.amazonaws.com/?lifecycle=');
    expect(headers.authorization).toBe(
      authorization(
        'host;x-amz-content-sha256;x-amz-date',
        'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
      ),
    );
  });

  it('Get Bucket (List Objects), query parameters sorted', () => {
    const { url, headers } = signer.sign({
      method: 'GET',
      key: '',
      query: { prefix: 'J', 'max-keys': '2' },
      payloadHash: emptyHash,
      at,
    });
    expect(url).toBe('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J');
    expect(headers.authorization).toBe(
      authorization(
        'host;x-amz-content-sha256;x-amz-date',
        '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
      ),
    );
  });

  it('signs UNSIGNED-PAYLOAD by default, and a different body hash gives a different signature', () => {
    const unsigned = signer.sign({ method: 'PUT', key: 'a.jpg', at });
    expect(unsigned.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    const hashed = signer.sign({ method: 'PUT', key: 'a.jpg', payloadHash: emptyHash, at });
    expect(hashed.headers.authorization).not.toBe(unsigned.headers.authorization);
  });
});
