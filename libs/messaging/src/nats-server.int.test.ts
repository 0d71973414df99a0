import { connect as tcpConnect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { tempDir } from '@forage/testing';
import { launchNatsServer } from './nats-server.js';

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** This machine's first IPv4 address that is not loopback (a Docker bridge counts). */
function outsideAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) throw new Error('this machine has no non-loopback IPv4 address to probe from');
  return address;
}

describe('launchNatsServer (as forage up starts it)', () => {
  it('binds the monitoring port to loopback only: it lists users and subscriptions without auth', async () => {
    const dir = tempDir('forage-nats-monitor-');
    const server = await launchNatsServer({ storeDir: dir.path });
    try {
      const monitor = new URL(server.monitorUrl);
      expect(monitor.hostname).toBe('127.0.0.1');
      const port = Number(monitor.port);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      expect(await accepts(outsideAddress(), port)).toBe(false);
    } finally {
      await server.stop();
      dir.remove();
    }
  });
});
