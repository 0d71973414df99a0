import { spawn, type ChildProcess } from 'node:child_process';
import { KeptProcess, type ProcessExit } from './kept-process.js';
import type { RestartPolicy } from './restart-policy.js';

const quick: RestartPolicy = { initialDelayMs: 20, maxDelayMs: 200, stableAfterMs: 60_000 };

function node(script: string): Promise<ChildProcess> {
  return Promise.resolve(spawn(process.execPath, ['-e', script], { stdio: 'ignore' }));
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

/** Real child processes: killed with SIGKILL or crashing at start, and stopped on request. */
describe('KeptProcess', () => {
  it('restarts a process killed with SIGKILL, with a new pid, and counts the restart', async () => {
    const exits: ProcessExit[] = [];
    const kept = await KeptProcess.start({
      name: 'sleeper',
      start: () => node('setInterval(() => {}, 1000)'),
      policy: quick,
      onExit: (e) => exits.push(e),
    });
    try {
      const first = kept.child;
      first.kill('SIGKILL');
      await until(() => kept.child !== first && kept.child.pid !== undefined, 'a new process');
      expect(kept.restarts).toBe(1);
      expect(kept.child.pid).not.toBe(first.pid);
      expect(exits).toEqual([expect.objectContaining({ name: 'sleeper', signal: 'SIGKILL', restarts: 1 })]);
    } finally {
      await kept.stop();
    }
  });

  it('backs off over a crash loop, each delay at least as long as the one before', async () => {
    const exits: ProcessExit[] = [];
    const kept = await KeptProcess.start({
      name: 'crasher',
      start: () => node('process.exit(3)'),
      policy: quick,
      onExit: (e) => exits.push(e),
    });
    try {
      await until(() => exits.length >= 5, 'five crashes');
      expect(exits.every((e) => e.code === 3)).toBe(true);
      const delays = exits.map((e) => e.delayMs);
      expect(delays.slice(0, 5)).toEqual([20, 40, 80, 160, 200]);
    } finally {
      await kept.stop();
    }
  });

  it('retries a start that fails, with the same back-off', async () => {
    let attempts = 0;
    const failures: unknown[] = [];
    const kept = await KeptProcess.start({
      name: 'flaky',
      start: () => {
        attempts += 1;
        if (attempts === 1) return node('process.exit(1)');
        if (attempts < 4) return Promise.reject(new Error('port busy'));
        return node('setInterval(() => {}, 1000)');
      },
      policy: quick,
      onStartFailed: (err) => failures.push(err),
    });
    try {
      await until(
        () => attempts >= 4 && kept.child.exitCode === null && kept.child.pid !== undefined,
        'a running process',
      );
      expect(failures).toHaveLength(2);
      expect(kept.restarts).toBe(3);
    } finally {
      await kept.stop();
    }
  });

  it('does not restart what it was asked to stop', async () => {
    let starts = 0;
    const kept = await KeptProcess.start({
      name: 'stopped',
      start: () => {
        starts += 1;
        return node('setInterval(() => {}, 1000)');
      },
      policy: quick,
    });
    const child = kept.child;
    await kept.stop();
    await exited(child);
    // longer than the first restart delay: a restart would have started by now
    await new Promise((r) => setTimeout(r, quick.initialDelayMs * 5));
    expect(starts).toBe(1);
    expect(kept.restarts).toBe(0);
    expect(child.signalCode).toBe('SIGTERM');
  });
});
