import { describe, expect, it } from 'vitest';
import { isTransientError } from './transient-errors';

const withProps = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

describe('isTransientError', () => {
  it('knows a cut or refused connection, a PostgreSQL restart and an S3 5xx, also wrapped', () => {
    expect(isTransientError(withProps('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientError(withProps('read ECONNRESET', { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientError(withProps('write EPIPE', { code: 'EPIPE' }))).toBe(true);
    expect(
      isTransientError(
        withProps('connect ENOENT /run/postgresql/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
      ),
    ).toBe(true);
    expect(isTransientError(withProps('terminating connection due to administrator command', { code: '57P01' }))).toBe(
      true,
    );
    expect(isTransientError(withProps('the database system is starting up', { code: '57P03' }))).toBe(true);
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isTransientError(
        withProps('We encountered an internal error. Please try again.', {
          name: 'InternalError',
          $metadata: { httpStatusCode: 500 },
        }),
      ),
    ).toBe(true);
    expect(
      isTransientError(withProps('Service Unavailable', { name: 'Unknown', $metadata: { httpStatusCode: 503 } })),
    ).toBe(true);
    expect(
      isTransientError(new Error('stamping failed', { cause: withProps('socket hang up', { code: 'ECONNRESET' }) })),
    ).toBe(true);
    expect(
      isTransientError(new AggregateError([withProps('connect ECONNREFUSED ::1:9000', { code: 'ECONNREFUSED' })])),
    ).toBe(true);
  });

  it("leaves the work's own failures to count: bad input, a missing object, a constraint, a refusal", () => {
    expect(isTransientError(new Error('Input buffer contains unsupported image format'))).toBe(false);
    expect(
      isTransientError(
        withProps("ENOENT: no such file or directory, open '/data/uploads/x'", { code: 'ENOENT', syscall: 'open' }),
      ),
    ).toBe(false);
    expect(
      isTransientError(
        withProps('The specified key does not exist.', { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } }),
      ),
    ).toBe(false);
    expect(isTransientError(withProps('duplicate key value violates unique constraint', { code: '23505' }))).toBe(
      false,
    );
    expect(
      isTransientError(withProps('Access Denied', { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } })),
    ).toBe(false);
    expect(isTransientError(null)).toBe(false);
    expect(isTransientError('ECONNRESET')).toBe(false);
  });
});
