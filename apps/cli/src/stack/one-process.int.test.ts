import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { spawnOneProcess } from './one-process.js';
import type { ProcessPlan } from './layout.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The one-process host as the supervisor starts it (built dist), with plans that start no service. */
describe('forage up --processes one: the host process', () => {
  it('gets its plans in an owner-only file without one shared NATS identity (each service picks its own by name)', async () => {
    const data = tempDir('forage-one-process-');
    const plan: ProcessPlan = {
      service: 'processing',
      replica: 1,
      opsPort: 0,
      env: { NATS_USER: 'processing', NATS_PASSWORD_FILE: '/x/processing.password', OPS_PORT: '0' },
    };
    const logFile = join(data.path, 'services.log');
    mkdirSync(join(data.path, 'secrets'), { mode: 0o700 });
    const child = spawnOneProcess({
      root,
      dataDir: data.path,
      // an empty plan list starts the host without any service; the file is still written from `plans`
      plans: [],
      extraEnv: () => ({}),
      credentialsDir: join(data.path, 'secrets', 'nats', 'credentials'),
      logFile,
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!read(logFile).includes('one-process.ready')) {
        if (Date.now() > deadline) throw new Error(read(logFile));
        await new Promise((r) => setTimeout(r, 100));
      }
      const file = join(data.path, 'secrets', 'one-process.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([]);
      const withPlan = spawnOneProcess({
        root,
        dataDir: data.path,
        plans: [plan],
        extraEnv: () => ({ EXTRA: '1' }),
        credentialsDir: '/c',
        logFile: join(data.path, 'other.log'),
      });
      withPlan.kill('SIGKILL');
      // its log file opens asynchronously: let it, before the data directory is removed
      await new Promise((r) => withPlan.once('exit', r));
      await new Promise((r) => setTimeout(r, 200));
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
        { service: 'processing', env: { OPS_PORT: '0', EXTRA: '1' } },
      ]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      data.remove();
    }
  }, 30_000);
});
