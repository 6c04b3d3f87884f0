// Node's codes for a connection that could not be made or was cut, and the undici (fetch) ones.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// PostgreSQL SQLSTATEs of a server going away or not accepting yet: class 08 (connection exception),
// admin and crash shutdown, cannot connect now (starting up or in recovery).
const PG_UNAVAILABLE = /^(08...|57P01|57P02|57P03)$/;
// pg's own messages when the socket closes under it or no connection comes within its timeout.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;
// S3's "try again" answers.
const S3_RETRY = new Set(['InternalError', 'ServiceUnavailable', 'SlowDown', 'RequestTimeout', 'TimeoutError']);

/**
 * Whether an error says that a service the work needs (the database, the blob store, a gateway) was
 * unavailable for a while, rather than that the work itself is wrong: a restart, a cut connection, a 5xx.
 * Such a failure is worth trying again later without using up the job's attempts. Causes are followed,
 * since modules wrap the driver's error in their own.
 */
export function isTransientError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as {
    code?: unknown;
    syscall?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    $metadata?: { httpStatusCode?: number };
    errors?: unknown;
  };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PG_UNAVAILABLE.test(e.code))) return true;
  // A Unix socket's file is missing while its server restarts (PostgreSQL reached through its socket); a
  // missing file anywhere else is the work's own failure.
  if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  if (typeof e.name === 'string' && S3_RETRY.has(e.name)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  // An AggregateError (a connection tried on several addresses) is transient when one of them is.
  if (Array.isArray(e.errors) && e.errors.some((x) => isTransientError(x, depth + 1))) return true;
  return isTransientError(e.cause, depth + 1);
}
