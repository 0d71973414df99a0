import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { nodeFlagsFor } from '@forage/config';
import { freePort } from '@forage/messaging/stack';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../cluster/services.js';

/** The logging service running as its own process, as `forage up` and a deployment run it. */
export interface LoggingProcess {
  readonly opsPort: number;
  /** CPU seconds (user + system) the process has used so far; undefined where /proc is missing. */
  cpuSeconds(): number | undefined;
  /** Stops it with SIGTERM (it drains and closes its database) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts apps/logging/dist/main.js with `env` and waits until its /health answers. Extra node
 * flags (BENCH_LOGGING_NODE_FLAGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`) profile the service alone.
 */
export async function startLoggingProcess(env: Record<string, string>): Promise<LoggingProcess> {
  const main = join(dirname(fileURLToPath(import.meta.resolve('@forage/app-logging'))), 'main.js');
  const opsPort = await freePort();
  // the flags the logging process is deployed with, and any extra ones for profiling
  const flags = [
    ...nodeFlagsFor(['logging']),
    ...(process.env['BENCH_LOGGING_NODE_FLAGS'] ?? '').split(' ').filter(Boolean),
  ];
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...flags, main], {
    env: { ...process.env, ...env, OPS_PORT: String(opsPort), OPS_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await untilHealthy(child, opsPort);
  } catch (err) {
    await stopChild(child);
    throw new Error(`logging did not start: ${(err as Error).message}\n${output}`, { cause: err });
  }
  return { opsPort, cpuSeconds: () => cpuSecondsOf(child.pid), stop: () => stopChild(child, 30_000) };
}

async function untilHealthy(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${String(child.exitCode)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${String(port)}/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not healthy within 120 s');
}

/** utime + stime from /proc/<pid>/stat, in seconds (clock ticks of 1/100 s on Linux). */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // fields after the command (which may hold spaces) start after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}
