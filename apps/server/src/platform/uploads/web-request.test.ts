import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyStreamOf } from './web-request';

/** A request body fed by hand. */
function fakeBody() {
  const source = new PassThrough();
  return { source, req: source as unknown as IncomingMessage };
}

describe('the request body handed to tus', () => {
  it('hands over the very chunks received, one read at a time, and ends with the body', async () => {
    const { source, req } = fakeBody();
    const reader = bodyStreamOf(req).getReader();
    const a = Buffer.alloc(64 * 1024, 1);
    const b = Buffer.alloc(64 * 1024, 2);
    source.write(a);
    const first = await reader.read();
    // The same bytes, not a copy of them.
    expect(first.value).toBe(a);
    source.end(b);
    expect((await reader.read()).value).toBe(b);
    expect((await reader.read()).done).toBe(true);
  });

  it('reads the socket no further than the store asks: unread bytes stay in the request', async () => {
    const { source, req } = fakeBody();
    bodyStreamOf(req);
    // Nothing read from the stream: nothing is taken from the request, so TCP pushes back on the client.
    source.write(Buffer.alloc(1024 * 1024));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(source.readableLength).toBe(1024 * 1024);
  });

  it('ends, without an error, when the client goes away: what arrived is kept', async () => {
    const { source, req } = fakeBody();
    const reader = bodyStreamOf(req).getReader();
    const a = Buffer.alloc(1000, 3);
    source.write(a);
    expect((await reader.read()).value).toBe(a);
    source.destroy(new Error('aborted'));
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });
});
