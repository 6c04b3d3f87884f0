import { describe, expect, it } from 'vitest';
import { classifyS3Request, objectClass, s3StatsLines } from './s3-op-stats';

describe('classifyS3Request', () => {
  it('tells the kinds of S3 calls apart', () => {
    expect(classifyS3Request('GET', '/b/k/1.jpg', {})).toEqual({ kind: 'GET', presigned: false });
    expect(classifyS3Request('GET', '/b/k/1.jpg', { range: 'bytes=0-99' }).kind).toBe('ranged GET');
    expect(classifyS3Request('GET', '/b?list-type=2&prefix=x', {}).kind).toBe('List');
    expect(classifyS3Request('POST', '/b?delete', {}).kind).toBe('DeleteObjects');
    expect(classifyS3Request('PUT', '/b/k', {}).kind).toBe('PUT');
    expect(classifyS3Request('PUT', '/b/k?partNumber=1&uploadId=u', {}).kind).toBe('multipart');
    expect(classifyS3Request('HEAD', '/b/k', {}).kind).toBe('HEAD');
    expect(classifyS3Request('DELETE', '/b/k', {}).kind).toBe('DELETE');
  });

  it('sees a presigned URL by its signature in the query', () => {
    expect(classifyS3Request('PUT', '/b/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab', {})).toEqual({
      kind: 'PUT',
      presigned: true,
    });
  });
});

describe('s3StatsLines', () => {
  it('gives each client its counts and the totals per creation and per 1000 requests', () => {
    const lines = s3StatsLines({ worker1: { GET: 6, PUT: 3 }, api1: { HEAD: 3 } }, 3, 600);
    expect(lines[0]).toContain('12');
    expect(lines).toContain('  worker1: 9 — GET 6, PUT 3 — per creation 3.00');
    expect(lines.at(-1)).toBe('  per 1000 portal requests: 20; per creation: 4.00');
  });
});

describe('objectClass', () => {
  it('names an object by its kind, without its ids', () => {
    expect(objectClass('/b/shootings/5f/0-ORIGINAL-thumb.jpg')).toBe('shootings ORIGINAL thumb');
    expect(objectClass('/b/shootings/5f/2-STAMPED-r1.jpg')).toBe('shootings STAMPED');
    expect(objectClass('/b/player-variants/i/v/768.webp?x=1')).toBe('player-variants 768.webp');
    expect(objectClass('/b/uploads/p/x.jpg')).toBe('uploads');
    expect(objectClass('/b?list-type=2')).toBe('(bucket)');
  });
});

describe('objectClass of the demo seed', () => {
  it('names the seed folder', () => {
    expect(objectClass('/b/shootings/5f/images/9a.jpg')).toBe('shootings seed images');
  });
});
