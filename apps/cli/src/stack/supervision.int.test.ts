import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';
import { tempDir } from '@forage/testing';
import { stackStateSchema, type StackState } from './state-file.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const cli = join(root, 'apps', 'cli', 'dist', 'main.js');
const port = 17_900 + Math.floor(Math.random() * 90);

function state(dataDir: string): StackState {
  return stackStateSchema.parse(JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')));
}

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function forage(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `forage up` (its default: every service in one process) as the supervisor of real processes:
 * the services' process or nats-server killed with SIGKILL
 * comes back (same ports, same JetStream store), `forage status` counts the restart, the stack
 * answers a question afterwards, and a second `forage up` in the same data directory is refused.
 */
describe('forage up supervises its processes', () => {
  const data = tempDir('forage-supervision-');
  let up: ChildProcessWithoutNullStreams;
  let output = '';

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error('build first: npm run build (the test command does)');
    up = spawn(process.execPath, [cli, 'up', '--data-dir', data.path, '--port', String(port)], {
      stdio: 'pipe',
    });
    up.stdout.on('data', (c: Buffer) => (output += c.toString()));
    up.stderr.on('data', (c: Buffer) => (output += c.toString()));
    await until(
      () => {
        if (up.exitCode !== null) throw new Error(`forage up exited:\n${output}`);
        return output.includes('Forage is up');
      },
      'forage up',
      150_000,
    );
  }, 180_000);

  afterAll(async () => {
    if (up.exitCode === null) {
      up.kill('SIGINT');
      await new Promise((r) => up.once('exit', r));
    }
    data.remove();
  });

  it('refuses a second forage up in the same data directory, naming the running one', () => {
    const second = forage(['up', '--data-dir', data.path, '--port', String(port + 1)]);
    expect(second.status).not.toBe(0);
    expect(second.stderr).toContain(
      `a Forage stack is already running in ${data.path} (pid ${String(up.pid)}`,
    );
    expect(second.stderr).toContain(`http://127.0.0.1:${port}`);
    // the first stack is untouched
    expect(forage(['status', '--data-dir', data.path]).status).toBe(0);
  }, 130_000);

  it('restarts a service killed with SIGKILL and shows the restart in forage status', async () => {
    const before = state(data.path).processes.find((p) => p.service === 'orchestrator');
    if (!before) throw new Error('no orchestrator in stack.json');
    process.kill(before.pid, 'SIGKILL');
    await until(() => {
      const now = state(data.path).processes.find((p) => p.service === 'orchestrator');
      return now !== undefined && now.restarts === 1 && now.pid !== before.pid && alive(now.pid);
    }, 'the orchestrator to be restarted');
    await until(
      () => forage(['status', '--data-dir', data.path]).status === 0,
      'every service healthy again',
    );
    expect(forage(['status', '--data-dir', data.path]).stdout).toMatch(/orchestrator\s+ok\s+1\/1\s+1\s+\d+/);
    // the default (one process): the orchestrator's process is every service's, restarted as one
    expect(output).toMatch(/services \(one process\) exited \(signal SIGKILL\); restart #1/);
    expect(forage(['status', '--data-dir', data.path]).stdout).toMatch(/logging\s+ok\s+1\/1\s+1\s+\d+/);
  }, 90_000);

  it('restarts a service whose ops port another program took while it was down on a free port', async () => {
    const before = state(data.path).processes.find((p) => p.service === 'verifier');
    if (!before) throw new Error('no verifier in stack.json');
    process.kill(before.pid, 'SIGKILL');
    await until(() => !alive(before.pid), 'the killed process to be gone', 10_000);
    // another program takes the port before the restart (its back-off is half a second or more)
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(before.opsPort, '127.0.0.1', resolve));
    try {
      await until(() => {
        const now = state(data.path).processes.find((p) => p.service === 'verifier');
        return now !== undefined && now.pid !== before.pid && now.opsPort !== before.opsPort;
      }, 'the verifier to be restarted on another port');
      await until(
        () => forage(['status', '--data-dir', data.path]).status === 0,
        'every service healthy again',
      );
      expect(output).toContain(`verifier-1: ops port ${String(before.opsPort)} is taken; using `);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 90_000);

  it('restarts nats-server on the same address, and the stack answers a question afterwards', async () => {
    const natsPid = Number(
      spawnSync('pgrep', ['-P', String(up.pid), '-f', 'nats-server'], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n')[0],
    );
    expect(natsPid).toBeGreaterThan(0);
    const { natsUrl } = state(data.path);
    process.kill(natsPid, 'SIGKILL');
    await until(() => state(data.path).natsRestarts === 1, 'nats-server to be restarted');
    expect(state(data.path).natsUrl).toBe(natsUrl);
    await until(
      () => forage(['status', '--data-dir', data.path]).status === 0,
      'every service healthy again',
      90_000,
    );

    const country = sandboxFacts(generateSandbox()).find((f): f is CountryFact => f.kind === 'country');
    const ask = forage(['ask', '--data-dir', data.path, `What is the population of ${country?.name ?? ''}?`]);
    expect(ask.stdout).toContain(`Answer: ${country?.population.toLocaleString('en-US') ?? ''}`);
    expect(ask.status).toBe(0);
  }, 240_000);
});

describe('forage up stopped while it starts', () => {
  const data = tempDir('forage-startstop-');
  afterAll(() => {
    data.remove();
  });

  it('stops what it started on SIGTERM (as forage down sends) and leaves no process behind', async () => {
    const up = spawn(process.execPath, [cli, 'up', '--data-dir', data.path, '--port', String(port + 50)], {
      stdio: 'pipe',
    });
    let output = '';
    up.stdout.on('data', (c: Buffer) => (output += c.toString()));
    up.stderr.on('data', (c: Buffer) => (output += c.toString()));
    await until(() => output.includes('sandbox web ready'), 'the sandbox web to start');
    const started = descendants(up.pid ?? 0);
    expect(started.length).toBeGreaterThan(1);
    // asynchronously, so that this process can reap `forage up` when it exits
    const down = spawn(process.execPath, [cli, 'down', '--data-dir', data.path], { stdio: 'ignore' });
    const [downCode, upCode] = await Promise.all([
      new Promise<number | null>((resolve) => down.once('exit', resolve)),
      new Promise<number | null>((resolve) => {
        if (up.exitCode !== null) resolve(up.exitCode);
        else up.once('exit', resolve);
      }),
    ]);
    expect(downCode).toBe(0);
    expect(upCode).toBe(143);
    await until(() => started.every((pid) => !alive(pid)), 'every started process to exit', 20_000);
    expect(existsSync(join(data.path, 'stack.lock'))).toBe(false);
  }, 60_000);
});

/** Every process below `pid`, from /proc (children of children included). */
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
