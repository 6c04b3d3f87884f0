import net from 'node:net';

export interface FaultProxy {
  port: number;
  /** Until `heal`, every connection is reset: the open ones at once, new ones as they arrive. */
  fail(): void;
  heal(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a service (the bench's S3 server), that can be made to refuse:
 * the servers and the clients then meet the error a dead or unreachable store gives them.
 */
export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let failing = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (failing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    fail: () => {
      failing = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    heal: () => {
      failing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
