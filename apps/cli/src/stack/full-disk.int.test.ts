import { spawn, spawnSync, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, lstatSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchNatsServer, type RunningNatsServer } from '@forage/messaging/stack';
import { tempDir } from '@forage/testing';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const cli = join(root, 'apps', 'cli', 'dist', 'main.js');
const port = 18_300 + Math.floor(Math.random() * 90);

/**
 * A data directory on a small file system (a tmpfs) that fills up while the stack runs: the
 * supervisor does not crash, it stops every process it started and exits with a clear message,
 * keeps what was stored, and the next `forage up` starts cleanly. Also: a nats-server left on
 * the same store by an earlier stack is stopped before anything starts, every file in the data
 * directory is owner-only, and the children die with a supervisor killed with SIGKILL.
 */
describe('forage up on a disk that fills up', () => {
  const mountPoint = tempDir('forage-full-disk-');
  const dataDir = join(mountPoint.path, 'data');
  const filler = join(mountPoint.path, 'filler');
  const started: ChildProcess[] = [];
  let leftover: RunningNatsServer | undefined;

  beforeAll(() => {
    if (!existsSync(cli)) throw new Error('build first: npm run build (the test command does)');
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint.path], {
      encoding: 'utf8',
    });
    if (mount.status !== 0) throw new Error(`this test mounts a tmpfs (run it as root): ${mount.stderr}`);
    mkdirSync(dataDir, { mode: 0o700 });
  });

  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await leftover?.stop();
    spawnSync('umount', ['-l', mountPoint.path]);
    mountPoint.remove();
  });

  function up(): { child: ChildProcessWithoutNullStreams; output: () => string } {
    const child = spawn(process.execPath, [cli, 'up', '--data-dir', dataDir, '--port', String(port)], {
      stdio: 'pipe',
    });
    started.push(child);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    return { child, output: () => output };
  }

  it('stops a nats-server left on its store, then stops cleanly when the disk fills, keeping what it stored', async () => {
    // an earlier stack's nats-server, still running on this data directory's JetStream store
    leftover = await launchNatsServer({ storeDir: join(dataDir, 'nats') });
    const leftoverPid = leftover.process.pid ?? 0;

    const first = up();
    await until(() => started1(first), 'forage up', 150_000);
    expect(first.output()).toContain(`stopped pid ${String(leftoverPid)} left running by an earlier stack`);
    expect(alive(leftoverPid)).toBe(false);
    expect(readableByOthers(dataDir)).toEqual([]);
    const children = descendants(first.child.pid ?? 0);
    expect(children.length).toBeGreaterThanOrEqual(3);

    // fill the file system to the last byte
    const fill = spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M'], { encoding: 'utf8' });
    expect(fill.stderr).toContain('No space left on device');

    const code = await exitOf(first.child, 60_000);
    expect(code).toBe(69);
    expect(first.output()).toContain(`the disk holding ${dataDir} is full`);
    expect(first.output()).toContain('everything it stored so far is kept');
    await until(() => children.every((pid) => !alive(pid)), 'every child to exit', 20_000);
    expect(existsSync(join(dataDir, 'stack.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'data', 'logging', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'evidence.key'))).toBe(true);
  }, 240_000);

  it('starts cleanly once space is free, and its children die with a supervisor killed with SIGKILL', async () => {
    rmSync(filler, { force: true });
    const second = up();
    await until(() => started1(second), 'the second forage up', 150_000);
    expect(second.output()).not.toContain('left running by an earlier stack');
    const status = spawnSync(process.execPath, [cli, 'status', '--data-dir', dataDir], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(status.status).toBe(0);
    expect(readableByOthers(dataDir)).toEqual([]);

    const children = descendants(second.child.pid ?? 0);
    expect(children.length).toBeGreaterThanOrEqual(3);
    second.child.kill('SIGKILL');
    await until(
      () => children.every((pid) => !alive(pid)),
      'the children to die with their supervisor',
      20_000,
    );
  }, 240_000);

  function started1(run: { child: ChildProcess; output: () => string }): boolean {
    if (run.child.exitCode !== null) throw new Error(`forage up exited:\n${run.output()}`);
    return run.output().includes('Forage is up');
  }
});

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exitOf(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('forage up did not exit'));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return stat !== '' && !stat.startsWith('Z');
}

/** Paths below `dir` whose mode gives the group or others any access. */
function readableByOthers(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) found.push(...readableByOthers(path));
  }
  return found;
}

/** Every process below `pid` (children of children included). */
function descendants(pid: number): number[] {
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
