import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request body as a web stream, for the tus handler, without what Node's `Readable.toWeb` costs on
 * every 64 KB read (a copy of the bytes into a new array, a pause and resume of the reading): chunks
 * are handed over as they are, one read at a time, so the socket is read no faster than the store
 * writes and no more than a read is held in memory. A client that goes away ends the stream: what
 * arrived is kept and the upload resumes from there, as tus does when it sees the request abort.
 */
export function bodyStreamOf(req: IncomingMessage, onRead?: (ended: boolean) => void): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        try {
          const { value, done } = await chunks.next();
          onRead?.(Boolean(done));
          if (done) controller.close();
          else controller.enqueue(value);
        } catch {
          controller.close();
        }
      },
      async cancel() {
        await chunks?.return?.();
        req.destroy();
      },
    },
    // Nothing read ahead: a read of the socket waits for a read of the stream.
    { highWaterMark: 0 },
  );
}

/**
 * A Node request as a web Request with a streamed body (bodies only for the methods that have one);
 * `onRead` is told of every read of the body, and of its end.
 */
export function toWebRequest(req: IncomingMessage, origin: string, onRead?: (ended: boolean) => void): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: bodyStreamOf(req, onRead), duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a (small) web Response on a Node response. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  res.writeHead(response.status, [...response.headers].flat());
  res.end(body);
}
