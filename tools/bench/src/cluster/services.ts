/**
 * Every Forage service as its own processes from dist/ (the team topology: several replicas per
 * service, one queue group each), connected to every node of the NATS cluster, logging on a
 * PostgreSQL server. The environment mirrors what `forage up` gives a service (apps/cli layout.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeFlagsFor } from '@forage/config';
import { freePorts } from '@forage/messaging/stack';

export const CLUSTER_SERVICES = [
  'logging',
  'search',
  'dom-extraction',
  'dom-understanding',
  'processing',
  'action-execution',
  'verifier',
  'orchestrator',
  'gateway',
] as const;
export type ClusterService = (typeof CLUSTER_SERVICES)[number];

export interface Replica {
  readonly service: ClusterService;
  readonly replica: number;
  readonly opsPort: number;
  /** The gateway's HTTP port (gateway replicas only). */
  readonly httpPort?: number;
  readonly logFile: string;
  /** The replica's current process. */
  process(): ChildProcess;
  /** Times it was started again after exiting on its own (as a container runtime would). */
  restarts(): number;
  /** SIGKILL, and no restart: the chaos of the test. */
  kill(): void;
}

export interface ClusterServices {
  readonly replicas: readonly Replica[];
  readonly gatewayUrls: readonly string[];
  stop(): Promise<void>;
}

export async function startClusterServices(input: {
  root: string;
  dir: string;
  natsUrls: string;
  databaseUrl: string;
  sandboxOrigins: readonly string[];
  counts: Readonly<Record<ClusterService, number>>;
  evidenceKey: string;
  streamReplicas: number;
  timeoutMs?: number;
}): Promise<ClusterServices> {
  const total = CLUSTER_SERVICES.reduce((n, s) => n + input.counts[s], 0);
  const ports = await freePorts(total + input.counts.gateway);
  let next = 0;
  const take = (): number => {
    const p = ports[next++];
    if (p === undefined) throw new Error('not enough ports');
    return p;
  };
  const replicas: Replica[] = [];
  const lifecycle = { stopping: false };
  const stop = async (): Promise<void> => {
    lifecycle.stopping = true;
    await Promise.all(replicas.map((r) => stopChild(r.process())));
  };
  try {
    for (const service of CLUSTER_SERVICES) {
      for (let replica = 1; replica <= input.counts[service]; replica++) {
        const opsPort = take();
        const httpPort = service === 'gateway' ? take() : undefined;
        const logFile = join(input.dir, `${service}-${String(replica)}.log`);
        const log = createWriteStream(logFile);
        const env: Record<string, string> = {
          NATS_URL: input.natsUrls,
          NATS_STREAM_REPLICAS: String(input.streamReplicas),
          OPS_PORT: String(opsPort),
          OPS_HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          FORAGE_EVIDENCE_KEY: input.evidenceKey,
          SEARCH_SITEMAPS: input.sandboxOrigins.map((o) => `${o}/sitemap.xml`).join(','),
          EGRESS_ALLOWLIST: input.sandboxOrigins.join(','),
          ...(service === 'logging' ? { DATABASE_URL: input.databaseUrl } : {}),
          ...(httpPort !== undefined ? { GATEWAY_PORT: String(httpPort) } : {}),
          // the harness is one client asking every question; the per-client default (30/min) would pace it
          GATEWAY_RUNS_PER_MINUTE: '600',
          GATEWAY_RUNS_BURST: '50',
        };
        const spawnOne = (): ChildProcess => {
          const main = join(input.root, 'apps', service, 'dist', 'main.js');
          const child = spawn(process.execPath, [...nodeFlagsFor([service]), main], {
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child.stdout.pipe(log, { end: false });
          child.stderr.pipe(log, { end: false });
          child.once('exit', () => {
            if (lifecycle.stopping || killed) return;
            restarts++;
            setTimeout(() => {
              if (!lifecycle.stopping && !killed) current = spawnOne();
            }, 1_000);
          });
          return child;
        };
        let killed = false;
        let restarts = 0;
        let current = spawnOne();
        replicas.push({
          service,
          replica,
          opsPort,
          ...(httpPort !== undefined ? { httpPort } : {}),
          logFile,
          process: () => current,
          restarts: () => restarts,
          kill: () => {
            killed = true;
            current.kill('SIGKILL');
          },
        });
      }
    }
    await Promise.all(replicas.map((r) => waitHealthy(r, input.timeoutMs ?? 180_000)));
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    replicas,
    gatewayUrls: replicas
      .filter((r) => r.httpPort !== undefined)
      .map((r) => `http://127.0.0.1:${String(r.httpPort)}`),
    stop,
  };
}

async function waitHealthy(r: Replica, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${String(r.opsPort)}/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  let tail = '';
  try {
    tail = readFileSync(r.logFile, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    // no log
  }
  throw new Error(`${r.service}-${String(r.replica)} did not become healthy:\n${tail}`);
}

export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
