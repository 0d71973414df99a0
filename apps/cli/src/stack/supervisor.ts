import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { launchNatsServer, type RunningNatsServer } from '@forage/messaging';
import { probeHealth } from './health.js';
import { planProcesses, SERVICES, type ProcessPlan, type ServiceName } from './layout.js';
import { freePorts, isPortFree } from './ports.js';
import { removeStackState, writeStackState, type StackState } from './state-file.js';

export class StackStartError extends Error {
  override readonly name = 'StackStartError';
}

export interface StackOptions {
  readonly root: string;
  readonly dataDir: string;
  readonly gatewayPort: number;
  readonly replicas: Partial<Record<ServiceName, number>>;
  readonly logLevel: string;
  readonly onProgress: (line: string) => void;
  readonly startTimeoutMs?: number;
}

export interface RunningProcess extends ProcessPlan {
  readonly child: ChildProcess;
  readonly logFile: string;
}

export interface RunningStack {
  readonly state: StackState;
  readonly processes: readonly RunningProcess[];
  stop(): Promise<void>;
}

/**
 * Starts nats-server (JetStream in the data dir), the sandbox web and every service replica as
 * child processes, waits until each reports healthy, and records the stack in stack.json.
 * `stop()` stops services, then the sandbox, then NATS, and leaves no process behind.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { root, dataDir } = options;
  for (const dir of ['nats', 'logs', 'data']) mkdirSync(join(dataDir, dir), { recursive: true });
  if (!(await isPortFree(options.gatewayPort))) {
    throw new StackStartError(
      `port ${options.gatewayPort} is in use (another forage up? try \`forage down\` or --port)`,
    );
  }
  const children: { child: ChildProcess; name: string }[] = [];
  let nats: RunningNatsServer | undefined;
  const stop = async (): Promise<void> => {
    await stopChildren(children.filter((c) => c.name !== 'sandbox').reverse());
    await stopChildren(children.filter((c) => c.name === 'sandbox'));
    await nats?.stop();
    removeStackState(dataDir);
  };
  try {
    nats = await launchNatsServer({ storeDir: join(dataDir, 'nats') });
    options.onProgress(`nats-server ready at ${nats.url}`);
    const sandboxProc = spawn(process.execPath, [join(root, 'libs', 'sandbox', 'dist', 'main.js')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push({ child: sandboxProc, name: 'sandbox' });
    const sandbox = await readSandboxReady(sandboxProc);
    options.onProgress(`sandbox web ready: ${sandbox.map((s) => `${s.name} ${s.origin}`).join(', ')}`);
    const count = SERVICES.reduce((n, s) => n + (options.replicas[s] ?? 1), 0);
    const plans = planProcesses({
      settings: {
        natsUrl: nats.url,
        evidenceKey: evidenceKey(dataDir),
        dataDir,
        sandboxOrigins: sandbox.map((s) => s.origin),
        gatewayPort: options.gatewayPort,
        logLevel: options.logLevel,
      },
      replicas: options.replicas,
      opsPorts: await freePorts(count),
    });
    const processes = plans.map((plan) => {
      const logFile = join(dataDir, 'logs', `${plan.service}-${plan.replica}.log`);
      const log = createWriteStream(logFile, { flags: 'a' });
      const child = spawn(process.execPath, [join(root, 'apps', plan.service, 'dist', 'main.js')], {
        env: { ...process.env, ...plan.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(log);
      child.stderr.pipe(log);
      children.push({ child, name: plan.service });
      return { ...plan, child, logFile };
    });
    await Promise.all(processes.map((p) => waitHealthy(p, options.startTimeoutMs ?? 90_000)));
    const state: StackState = {
      supervisorPid: process.pid,
      startedAt: new Date().toISOString(),
      natsUrl: nats.url,
      natsMonitorUrl: nats.monitorUrl,
      gatewayUrl: `http://127.0.0.1:${options.gatewayPort}`,
      sandbox,
      processes: processes.map((p) => ({
        service: p.service,
        replica: p.replica,
        pid: p.child.pid ?? 0,
        opsPort: p.opsPort,
      })),
    };
    writeStackState(dataDir, state);
    return { state, processes, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function evidenceKey(dataDir: string): string {
  const file = join(dataDir, 'evidence.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function readSandboxReady(child: ChildProcess): Promise<{ name: string; origin: string }[]> {
  const stdout = child.stdout;
  if (!stdout) throw new StackStartError('sandbox has no stdout');
  const lines = createInterface({ input: stdout });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    for await (const line of lines) {
      const parsed = safeJson(line) as
        { event?: string; sites?: { name: string; origin: string }[] } | undefined;
      if (parsed?.event === 'sandbox.ready' && parsed.sites) return parsed.sites;
    }
  } finally {
    clearTimeout(timer);
  }
  throw new StackStartError('sandbox web exited before it was ready');
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

async function waitHealthy(p: RunningProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) {
      throw new StackStartError(
        `${p.service} exited with code ${p.child.exitCode}; see ${p.logFile}\n${tail(p.logFile)}`,
      );
    }
    if ((await probeHealth(p.opsPort, 1_000)).ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new StackStartError(
    `${p.service} was not healthy after ${timeoutMs} ms; see ${p.logFile}\n${tail(p.logFile)}`,
  );
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** SIGTERM, then SIGKILL whatever has not exited after the grace period. */
async function stopChildren(children: readonly { child: ChildProcess }[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    children.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => {
        child.once('exit', () => {
          resolve();
        });
      });
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
