import { createServer, type Server } from 'node:net';

/** `count` distinct free loopback ports (all held open together, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            if (address && typeof address === 'object') resolve(address.port);
            else reject(new Error('no port'));
          });
        }),
      );
    }
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
  return ports;
}
