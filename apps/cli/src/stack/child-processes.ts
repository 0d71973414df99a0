import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { nodeFlagsFor } from '@forage/config';
import { dieWithParent } from '@forage/messaging/stack';
import { apiKeysFile } from '../commands/keys.js';
import { probeHealth } from './health.js';
import type { KeptProcess } from './kept-process.js';
import type { ProcessPlan } from './layout.js';

/** The stack's child processes: a service replica spawned with its log file, the sandbox's ready line, health waits. */

/** The stack could not start (a port in use, a service that crashed or never became healthy). */
export class StackStartError extends Error {
  override readonly name = 'StackStartError';
}

export function spawnService(input: {
  root: string;
  plan: ProcessPlan;
  logFile: string;
  dataDir: string;
  onLogError?: (err: Error) => void;
}): ChildProcess {
  const keys = gatewayKeys(input.plan, input.dataDir);
  const main = join(input.root, 'apps', input.plan.service, 'dist', 'main.js');
  return spawnLoggedNode({
    args: [...nodeFlagsFor([input.plan.service]), main],
    env: { ...process.env, ...keys, ...input.plan.env },
    logFile: input.logFile,
    ...(input.onLogError ? { onLogError: input.onLogError } : {}),
  });
}

/**
 * Node running `args`, its stdout and stderr appended to `logFile` (owner-only), closed when it
 * exits; it gets SIGTERM when the supervisor dies. A log file that cannot be written (a full
 * disk) is reported to `onLogError` and the output is drained instead, so neither the
 * supervisor nor the child (blocked on a full pipe) stops because of it.
 */
export function spawnLoggedNode(input: {
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  onLogError?: (err: Error) => void;
}): ChildProcess {
  const launch = dieWithParent({ command: process.execPath, args: input.args });
  const child = spawn(launch.command, launch.args, {
    env: input.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  drainInto(child, input.logFile, input.onLogError);
  return child;
}

/** Appends a child's output to a file; on a write error, stops writing and keeps draining. */
export function drainInto(child: ChildProcess, logFile: string, onError?: (err: Error) => void): void {
  const log = createWriteStream(logFile, { flags: 'a', mode: 0o600 });
  const outputs = [child.stdout, child.stderr].filter((s) => s !== null);
  for (const output of outputs) {
    output.on('error', () => {
      // the pipe closes with the child; nothing to keep
    });
    output.pipe(log);
  }
  let failed = false;
  log.on('error', (err) => {
    if (failed) return;
    failed = true;
    for (const output of outputs) {
      output.unpipe(log);
      output.resume();
    }
    log.destroy();
    onError?.(err);
  });
  child.once('exit', () => {
    if (!failed) log.end();
  });
}

/** The gateway reads the keys `forage keys` writes (required only if it listens beyond loopback). */
export function gatewayKeys(plan: ProcessPlan, dataDir: string): Record<string, string> {
  return plan.service === 'gateway' ? { GATEWAY_API_KEYS_FILE: apiKeysFile(dataDir) } : {};
}

export async function readSandboxReady(child: ChildProcess): Promise<{ name: string; origin: string }[]> {
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

export async function waitHealthy(input: {
  plan: ProcessPlan;
  kept: KeptProcess;
  logFile: string;
  timeoutMs: number;
}): Promise<void> {
  const { plan, kept, logFile } = input;
  const deadline = Date.now() + input.timeoutMs;
  while (Date.now() < deadline) {
    // a crash while starting is a configuration problem, not something a restart fixes
    if (kept.restarts > 0) {
      throw new StackStartError(`${plan.service} exited while starting; see ${logFile}\n${tail(logFile)}`);
    }
    if ((await probeHealth(plan.opsPort, 1_000)).ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new StackStartError(
    `${plan.service} was not healthy after ${input.timeoutMs} ms; see ${logFile}\n${tail(logFile)}`,
  );
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
