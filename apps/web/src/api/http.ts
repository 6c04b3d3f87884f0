import type { ZodType } from 'zod';

/** A failed call: the HTTP status (100 when cancelled, 500 on time-out, as spec section 7 says) and the server's error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const MAIN_API_TIMEOUT_MS = 60_000;

type Query = Record<string, string | number | boolean | string[] | undefined | null>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Validates the response; omitted for empty (204) answers. */
  schema?: ZodType<T>;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'raw' returns the Response itself (downloads). */
  responseType?: 'json' | 'raw';
  /** Sent without the auth headers (the web config itself, which the auth headers are built from). */
  anonymous?: boolean;
}

type HeaderSource = () => Promise<Record<string, string>> | Record<string, string>;
let headerSource: HeaderSource = () => ({});

/** The auth layer tells the client how to sign requests (bearer token, api-key). */
export const setAuthHeaderSource = (source: HeaderSource): void => {
  headerSource = source;
};

type RefusalListener = (token: string) => unknown;
let refusalListener: RefusalListener = () => undefined;

/** The auth layer hears of every 401 the server answers to a call signed with a bearer token. */
export const setTokenRefusedListener = (listener: RefusalListener): void => {
  refusalListener = listener;
};

/** The headers every signed-in call carries (for clients that send requests themselves, such as tus). */
export const authHeaders = async (): Promise<Record<string, string>> => ({ ...(await headerSource()) });

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One call to our server: signed, timed out, cancellable, errors as ApiError. */
export async function request<T = void>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? MAIN_API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(opts.anonymous ? {} : await headerSource()),
      ...opts.headers,
    };
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await fetch(buildUrl(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) throw new ApiError(500, 'TIMEOUT', 'The server took too long to answer');
      if (controller.signal.aborted) throw new ApiError(100, 'CANCELLED', 'The request was cancelled');
      throw new ApiError(0, 'NETWORK', (err as Error).message);
    }
    if (!res.ok) {
      const payload = (await res.json().catch(() => null)) as {
        error?: { code?: string; message?: string; details?: unknown };
      } | null;
      // A refusal with a reason of its own (a first sign-in without a domain rule) is the screen's to explain.
      const bearer = /^Bearer\s+(\S+)$/i.exec(headers.Authorization ?? '')?.[1];
      if (res.status === 401 && bearer && !(payload?.error?.details as { reason?: unknown } | undefined)?.reason)
        void refusalListener(bearer);
      throw new ApiError(
        res.status,
        payload?.error?.code ?? 'HTTP_ERROR',
        payload?.error?.message ?? res.statusText,
        payload?.error?.details,
      );
    }
    if (opts.responseType === 'raw') return res as unknown as T;
    if (res.status === 204 || !opts.schema) return undefined as T;
    const json: unknown = await res.json();
    const parsed = opts.schema.safeParse(json);
    if (!parsed.success) throw new ApiError(502, 'BAD_RESPONSE', 'The server answered in an unexpected shape');
    return parsed.data;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
