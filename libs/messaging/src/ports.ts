import { createServer } from 'node:net';

/**
 * Ports that were free a moment ago on 127.0.0.1 (distinct from each other: all are held open
 * together, then released). For stacks, test servers and benches started on one machine.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            resolve(server);
          });
        }),
    ),
  );
  const ports = servers.map((s) => {
    const address = s.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => {
            resolve();
          });
        }),
    ),
  );
  return ports;
}

/** One port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  if (port === undefined || port === 0) throw new Error('no free port on 127.0.0.1');
  return port;
}

export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, host, () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}
