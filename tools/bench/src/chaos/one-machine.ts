/**
 * The one-machine stack as `forage up` runs it (from dist/), in a private data directory, and the
 * processes of it chaos may kill: every service replica (pids from stack.json, which the
 * supervisor rewrites after each restart) and nats-server (the supervisor's child).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '@forage/messaging/stack';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { readProcessTable } from '@forage/browser';

const stateSchema = z.object({
  natsUrl: z.string(),
  gatewayUrl: z.string(),
  natsRestarts: z.number().int().default(0),
  /** The operator identity when the stack's NATS requires one (its password in a 0600 file). */
  natsAuth: z
    .object({ user: z.string(), passwordFile: z.string(), caFile: z.string().optional() })
    .optional(),
  sandbox: z.array(z.object({ name: z.string(), origin: z.string() })),
  processes: z.array(
    z.object({
      service: z.string(),
      replica: z.number().int(),
      pid: z.number().int(),
      opsPort: z.number().int(),
      restarts: z.number().int().default(0),
    }),
  ),
});
export type OneMachineState = z.infer<typeof stateSchema>;

export interface NatsClientAuth {
  readonly user?: string;
  readonly pass?: string;
  readonly tls?: { caFile: string };
}

export interface OneMachineStack {
  readonly dataDir: string;
  readonly supervisorPid: number;
  /** stack.json as the supervisor last wrote it. */
  state(): OneMachineState;
  /** The nats-server process the supervisor runs now. */
  natsPid(): number | undefined;
  /** Connect options for the harness's own NATS client (the operator identity when auth is on). */
  natsOptions(): NatsClientAuth;
  /** What the supervisor printed (exits, restarts). */
  output(): string;
  stop(): Promise<void>;
}

export async function startOneMachine(input: {
  root: string;
  /** e.g. "dom-extraction=2,orchestrator=2" (forage up --replicas). */
  replicas?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<OneMachineStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'forage-chaos-'));
  const port = await freePort();
  const args = [join(input.root, 'apps', 'cli', 'dist', 'main.js'), 'up', '--data-dir', dataDir];
  args.push('--port', String(port));
  if (input.replicas) args.push('--replicas', input.replicas);
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORAGE_LOG_LEVEL: 'warn', ...input.env },
  });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (input.timeoutMs ?? 240_000);
  while (!output.includes('Forage is up')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`forage up did not come up:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const file = join(dataDir, 'stack.json');
  const supervisorPid = child.pid ?? 0;
  return {
    dataDir,
    supervisorPid,
    state: () => {
      if (!existsSync(file)) throw new Error('stack.json is gone');
      return stateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    },
    natsPid: () =>
      readProcessTable().find(
        (p) => p.ppid === supervisorPid && p.state !== 'Z' && cmdline(p.pid).includes('nats-server'),
      )?.pid,
    natsOptions: () => {
      const auth = stateSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).natsAuth;
      if (!auth) return {};
      return {
        user: auth.user,
        pass: readFileSync(auth.passwordFile, 'utf8').trim(),
        ...(auth.caFile ? { tls: { caFile: auth.caFile } } : {}),
      };
    },
    output: () => output,
    stop,
  };
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
