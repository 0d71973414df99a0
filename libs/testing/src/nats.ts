import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchNatsServer, type RunningNatsServer } from '@forage/messaging';

/** A real nats-server with JetStream in a fresh temporary directory, for one test suite. */
export async function startTestNats(): Promise<RunningNatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'forage-nats-'));
  const server = await launchNatsServer({ storeDir: dir });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
