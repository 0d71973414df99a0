import { spawn } from 'node:child_process';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { acquireStackLock, readStackLock, StackLockedError } from './lock.js';
import { writeStackState } from './state-file.js';

/** One stack per data directory: a live holder (a real process) refuses a second `forage up`. */
describe('stack lock', () => {
  const dir = tempDir('forage-lock-');
  afterAll(() => {
    dir.remove();
  });

  it('refuses a data directory held by a running process, naming its pid and URL', async () => {
    const data = join(dir.path, 'held');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const first = acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'then' });
      first.release();
      writeFileSync(
        join(data, 'stack.lock'),
        JSON.stringify({ pid: holder.pid, gatewayUrl: 'http://127.0.0.1:7711', startedAt: 'earlier' }),
      );
      expect(readStackLock(data)?.pid).toBe(holder.pid);
      expect(() => acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' })).toThrow(
        StackLockedError,
      );
      expect(() => acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' })).toThrow(
        new RegExp(`already running in .*held \\(pid ${String(holder.pid)}, http://127\\.0\\.0\\.1:7711`),
      );
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
    }
    // the holder is gone: its lock is stale and taken over
    const taken = acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' });
    expect(readStackLock(data)?.pid).toBe(process.pid);
    taken.release();
    expect(readStackLock(data)).toBeUndefined();
  });

  it('treats a lock still being written as held, and a stale unreadable one as free', () => {
    const data = join(dir.path, 'racing');
    acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' }).release();
    writeFileSync(join(data, 'stack.lock'), '');
    expect(() => acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' })).toThrow(
      /another Forage stack is starting/,
    );
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(data, 'stack.lock'), old, old);
    const taken = acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' });
    expect(readStackLock(data)?.pid).toBe(process.pid);
    taken.release();
  });

  it('keeps the data directory, the lock and stack.json private to the owner', () => {
    const data = join(dir.path, 'private');
    const lock = acquireStackLock(data, { gatewayUrl: 'http://127.0.0.1:7700', startedAt: 'now' });
    writeStackState(data, {
      supervisorPid: process.pid,
      startedAt: 'now',
      natsUrl: 'nats://127.0.0.1:4222',
      natsMonitorUrl: 'http://127.0.0.1:8222',
      gatewayUrl: 'http://127.0.0.1:7700',
      sandbox: [],
      processes: [],
    });
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'stack.lock')).mode & 0o777).toBe(0o600);
    expect(statSync(join(data, 'stack.json')).mode & 0o777).toBe(0o600);
    lock.release();
  });
});
