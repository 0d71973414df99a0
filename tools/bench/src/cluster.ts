/**
 * test:cluster — the team topology on one machine: a 3-node NATS cluster with JetStream (every
 * stream, KV and object bucket with 3 replicas), a PostgreSQL server for the log store, every
 * service as processes from dist/ with two replicas (dom-extraction three, gateway two on two
 * ports), and Prometheus (Debian's package) scraping every replica. Questions go through the
 * gateways; a third of the way in, one NATS node and one replica of every service are killed with
 * SIGKILL (and not restarted). Then: every run completed or failed with a reason, every log record
 * JetStream accepted is in the log store, no action ran twice; and every panel query of the
 * provisioned Grafana dashboards returns data from that Prometheus.
 *   npm run test:cluster [-- --questions 24 --concurrency 6]
 * Exits non-zero when any of these fails; ends with a RESULT line.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { generateSandbox } from '@forage/sandbox';
import { startTestPostgres } from '@forage/testing';
import { sandboxTasks, type EvalTask } from './sandbox-eval/tasks.js';
import { auditRuns, resultLine } from './chaos/audit.js';
import { driveQuestions, loggingConsumer, waitDrained } from './chaos/drive.js';
import { readCompletions, readPublishedRecords, readStoredRecords } from './chaos/read-back.js';
import { printAudit } from './chaos/report.js';
import { askPanels, panelQueries } from './cluster/dashboards.js';
import { startNatsCluster } from './cluster/nats-cluster.js';
import { startPrometheus } from './cluster/prometheus.js';
import { startSandboxProcess } from './cluster/sandbox.js';
import {
  CLUSTER_SERVICES,
  startClusterServices,
  stopChild,
  type ClusterService,
} from './cluster/services.js';
import { streamReplicaReport } from './cluster/streams.js';

const root = join(import.meta.dirname, '..', '..', '..');
const { values: args } = parseArgs({
  options: {
    questions: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '6' },
    keep: { type: 'boolean', default: false },
  },
});
const QUESTIONS = Number(args.questions);
const t0 = Date.now();
const log = (line: string): void => {
  console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${line}`);
};

/** A spread of kinds (facts, comparisons, listings, exploration, forms), cycled to `n`. */
function pickQuestions(tasks: readonly EvalTask[], n: number): EvalTask[] {
  const kinds = [...new Set(tasks.map((t) => t.kind))];
  const byKind = kinds.map((k) => tasks.filter((t) => t.kind === k));
  const out: EvalTask[] = [];
  for (let i = 0; out.length < n; i++) {
    const list = byKind[i % byKind.length] ?? [];
    const t = list[Math.floor(i / byKind.length) % Math.max(1, list.length)];
    if (t) out.push(t);
  }
  return out;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'forage-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async (): Promise<void> => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  };
  // Ctrl-C stops every process the harness started instead of orphaning them
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    const nats = await startNatsCluster({ dir: join(dir, 'nats') });
    cleanups.push(() => nats.stop());
    log(`NATS cluster: ${nats.urls}`);
    const pg = await startTestPostgres();
    cleanups.push(() => pg.stop());
    log('PostgreSQL server started');
    const sandbox = await startSandboxProcess(root);
    cleanups.push(() => stopChild(sandbox.process));
    const counts = Object.fromEntries(
      CLUSTER_SERVICES.map((s) => [s, s === 'dom-extraction' ? 3 : 2]),
    ) as Record<ClusterService, number>;
    const services = await startClusterServices({
      root,
      dir,
      natsUrls: nats.urls,
      databaseUrl: pg.url,
      sandboxOrigins: sandbox.sites.map((s) => s.origin),
      counts,
      evidenceKey: randomBytes(32).toString('hex'),
      streamReplicas: 3,
    });
    cleanups.push(() => services.stop());
    const restarted = services.replicas.filter((r) => r.restarts() > 0);
    log(
      `${String(services.replicas.length)} service processes healthy` +
        (restarted.length > 0
          ? ` (restarted after exiting while starting: ${restarted.map((r) => `${r.service}-${String(r.replica)}`).join(', ')})`
          : ''),
    );
    const prometheus = await startPrometheus({
      dir: join(dir, 'prometheus'),
      targets: services.replicas.map((r) => ({ job: r.service, address: `127.0.0.1:${String(r.opsPort)}` })),
      rulesFile: join(root, 'deploy', 'prometheus', 'alerts.yml'),
    });
    cleanups.push(() => prometheus.stop());
    log(`Prometheus at ${prometheus.url}`);
    const nc = await connect({
      servers: nats.urls.split(','),
      name: 'test-cluster',
      maxReconnectAttempts: -1,
    });
    cleanups.push(() => nc.close());
    const replication = await streamReplicaReport(nc);
    for (const line of replication.lines) console.log(`  ${line}`);

    const origin = (name: string): string => sandbox.sites.find((s) => s.name === name)?.origin ?? '';
    const web = generateSandbox();
    const questions = pickQuestions(
      sandboxTasks(web, { wiki: origin('wiki'), hotels: origin('hotels'), shop: origin('shop') }),
      QUESTIONS,
    );
    const killAt = Math.floor(QUESTIONS / 3);
    const killed: string[] = [];
    const outcomes = new Map<string, number>();
    const drive = await driveQuestions({
      gatewayUrls: services.gatewayUrls,
      questions,
      concurrency: Number(args.concurrency),
      runWaitMs: 420_000,
      onStarted: (index) => {
        if (index !== killAt) return;
        nats.kill('nats-2');
        killed.push('nats-2');
        for (const service of CLUSTER_SERVICES) {
          const victim = services.replicas.find((r) => r.service === service && r.replica === 1);
          victim?.kill();
          if (victim) killed.push(`${service}-1`);
        }
        log(`kill -9: ${killed.join(', ')}`);
      },
      onEnded: (_i, status) => {
        outcomes.set(status, (outcomes.get(status) ?? 0) + 1);
      },
    });
    log(`runs ended: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    // no process may have scaled a stream down meanwhile (a replica booting with NATS_STREAM_REPLICAS unset did)
    const after = await streamReplicaReport(nc);
    if (after.underReplicated > 0) for (const line of after.lines) console.log(`  after: ${line}`);
    const drained = await waitDrained(nc, loggingConsumer, 180_000);
    log(`log consumer ${drained.drained ? 'drained' : `still has ${String(drained.pending)} pending`}`);
    const completions = await readCompletions(nc);
    const published = await readPublishedRecords(nc);
    const read = await readStoredRecords(nc, drive.runIds);
    for (const u of read.unreadable.slice(0, 5)) console.log(`  log store unreadable: ${u}`);
    for (const n of drive.notStarted.slice(0, 5)) console.log(`  not started: ${n}`);
    const result = auditRuns({
      runIds: drive.runIds,
      completions,
      published,
      stored: read.stored,
      brokenChains: read.brokenChains,
    });
    printAudit(result, published.length, read.stored.length);

    // scrape a few more times after the last run, so rates cover the whole exercise
    await new Promise((r) => setTimeout(r, 8_000));
    const { queries, variables } = panelQueries(join(root, 'deploy', 'grafana', 'dashboards'));
    const answers = await askPanels({ queries, variables, query: (expr) => prometheus.query(expr) });
    console.log(`\nGrafana panel queries against ${prometheus.url} (variables at "All"):`);
    for (const a of answers) {
      const mark = a.error ? 'ERROR' : a.series > 0 ? 'ok   ' : 'EMPTY';
      console.log(
        `  ${mark} ${a.panel} — ${String(a.series)} series (${String(a.numeric)} numeric) · ${a.error ?? a.sample}`,
      );
      console.log(`        ${a.query}`);
    }
    const emptyPanels = answers.filter((a) => a.error !== undefined || a.series === 0).length;
    const problems = [
      drive.notStarted.length > 0 ? `${String(drive.notStarted.length)} questions never accepted` : '',
      result.lost > 0 ? `${String(result.lost)} runs lost` : '',
      result.failedUnclear > 0 ? `${String(result.failedUnclear)} runs failed without a reason` : '',
      result.duplicateActions > 0 ? `${String(result.duplicateActions)} actions ran twice` : '',
      result.missingRecords > 0 ? `${String(result.missingRecords)} log records missing` : '',
      result.brokenChains > 0 ? `${String(result.brokenChains)} broken chains` : '',
      emptyPanels > 0 ? `${String(emptyPanels)} panel queries without data` : '',
      replication.underReplicated + after.underReplicated > 0
        ? `${String(replication.underReplicated + after.underReplicated)} streams/buckets not R3`
        : '',
    ].filter(Boolean);
    console.log(`\n${problems.length === 0 ? 'PASS' : `FAIL: ${problems.join('; ')}`}`);
    console.log(
      `${resultLine(result)} panels=${String(answers.length)} empty_panels=${String(emptyPanels)} killed=${String(killed.length)}`,
    );
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await cleanUp();
    if (!args.keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
