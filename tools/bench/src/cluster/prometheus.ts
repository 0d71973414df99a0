/**
 * A real Prometheus (Debian's package, /usr/bin/prometheus) scraping every replica of every
 * service on its ops port, with the project's alert rules loaded, and a client for its HTTP API.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePorts } from '@forage/messaging/stack';

export class PrometheusError extends Error {
  override readonly name = 'PrometheusError';
}

export interface ScrapeTarget {
  readonly job: string;
  readonly address: string;
}

export interface RunningPrometheus {
  readonly url: string;
  readonly process: ChildProcess;
  query(expr: string): Promise<PromSeries[]>;
  stop(): Promise<void>;
}

export interface PromSeries {
  readonly metric: Record<string, string>;
  readonly value: number;
}

const BINARY = '/usr/bin/prometheus';

/** Installs Debian's prometheus package when the binary is missing (the machines run as root). */
export function ensurePrometheus(): string {
  if (existsSync(BINARY)) return BINARY;
  const install = spawnSync('bash', ['-c', 'apt-get update -qq && apt-get install -y -qq prometheus'], {
    stdio: 'inherit',
  });
  if (install.status !== 0 || !existsSync(BINARY))
    throw new PrometheusError('prometheus is not installed and apt-get install -y prometheus failed');
  // the package starts a system service on :9090; this harness runs its own
  spawnSync('bash', [
    '-c',
    'systemctl stop prometheus 2>/dev/null || service prometheus stop 2>/dev/null || true',
  ]);
  return BINARY;
}

/** The scrape configuration: one job per service (job = service name, as in deploy/prometheus). */
export function scrapeConfig(input: {
  targets: readonly ScrapeTarget[];
  rulesFile: string;
  intervalS: number;
}): string {
  const jobs = new Map<string, string[]>();
  for (const t of input.targets) jobs.set(t.job, [...(jobs.get(t.job) ?? []), t.address]);
  const lines = [
    'global:',
    `  scrape_interval: ${String(input.intervalS)}s`,
    `  scrape_timeout: ${String(input.intervalS)}s`,
    `  evaluation_interval: ${String(input.intervalS)}s`,
    'rule_files:',
    `  - ${JSON.stringify(input.rulesFile)}`,
    'scrape_configs:',
  ];
  for (const [job, addresses] of jobs) {
    lines.push(`  - job_name: ${JSON.stringify(job)}`, '    static_configs:');
    lines.push(`      - targets: [${addresses.map((a) => JSON.stringify(a)).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

export async function startPrometheus(input: {
  dir: string;
  targets: readonly ScrapeTarget[];
  rulesFile: string;
  intervalS?: number;
}): Promise<RunningPrometheus> {
  const bin = ensurePrometheus();
  mkdirSync(join(input.dir, 'tsdb'), { recursive: true });
  const config = join(input.dir, 'prometheus.yml');
  writeFileSync(config, scrapeConfig({ ...input, intervalS: input.intervalS ?? 2 }));
  const [port] = await freePorts(1);
  if (port === undefined) throw new PrometheusError('no free port');
  const url = `http://127.0.0.1:${String(port)}`;
  const log = createWriteStream(join(input.dir, 'prometheus.log'));
  const child = spawn(
    bin,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(input.dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${String(port)}`,
      '--storage.tsdb.retention.time=1d',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new PrometheusError(`prometheus did not become ready (see ${join(input.dir, 'prometheus.log')})`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, process: child, query: (expr) => instantQuery(url, expr), stop };
}

export async function instantQuery(url: string, expr: string): Promise<PromSeries[]> {
  const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`, {
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as {
    status: string;
    error?: string;
    data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  if (body.status !== 'success' || !body.data)
    throw new PrometheusError(`query failed: ${body.error ?? res.statusText}: ${expr}`);
  if (body.data.resultType !== 'vector') throw new PrometheusError(`expected a vector for ${expr}`);
  return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
}
