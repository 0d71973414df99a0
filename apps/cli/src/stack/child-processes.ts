import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { nodeFlagsFor } from '@forage/config';
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
}): ChildProcess {
  const keys = gatewayKeys(input.plan, input.dataDir);
  const main = join(input.root, 'apps', input.plan.service, 'dist', 'main.js');
  return spawnLoggedNode({
    args: [...nodeFlagsFor([input.plan.service]), main],
    env: { ...process.env, ...keys, ...input.plan.env },
    logFile: input.logFile,
  });
}

/** Node running `args`, its stdout and stderr appended to `logFile` (owner-only), closed when it exits. */
export function spawnLoggedNode(input: {
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
}): ChildProcess {
  const log = createWriteStream(input.logFile, { flags: 'a', mode: 0o600 });
  const child = spawn(process.execPath, [...input.args], {
    env: input.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.once('exit', () => {
    log.end();
  });
  return child;
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
