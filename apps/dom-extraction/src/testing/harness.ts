import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { logRecordSchema, type LogRecord } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, decodeJson, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { BrowserPool } from '../adapters/browser-pool.js';
import { loadDomExtractionConfig } from '../config.js';
import { startDomExtractionService } from '../service.js';
import { closedPort, startLocalServer, type LocalServer } from './fixture-site.js';

/** Everything an integration suite talks to: real nats-server, the service with real Chromium, local sites. */
export interface Harness {
  readonly nats: RunningNatsServer;
  readonly service: RunningService;
  readonly nc: NatsConnection;
  readonly bus: Bus;
  readonly store: EvidenceStore;
  /** The service's browser supervisor, for injecting crashes and reading its processes. */
  readonly pool: BrowserPool;
  /** The allowlisted fixture site. */
  readonly site: LocalServer;
  /** A loopback server that is not allowlisted: it must never see a connection. */
  readonly trap: LocalServer;
  /** Allowlisted, but nothing listens there. */
  readonly closedPort: number;
  health(): Promise<{ ok: boolean; checks: Record<string, { ok: boolean; detail?: string }> }>;
  /** One sample of the service's /metrics: the value of `name` (labels ignored), undefined if absent. */
  metric(name: string): Promise<number | undefined>;
  stop(): Promise<void>;
}

/**
 * Starts everything. Politeness delays are off unless `env` sets them (the fixture site is ours);
 * `env` overrides any service variable.
 */
export async function startHarness(
  options: { maxPages?: number; env?: Record<string, string>; allow?: readonly string[] } = {},
): Promise<Harness> {
  const nats = await startTestNats();
  const site = await startLocalServer();
  const trap = await startLocalServer({ trap: true });
  const unreachable = await closedPort();
  const key = randomBytes(32).toString('hex');
  const config = loadDomExtractionConfig({
    NATS_URL: nats.url,
    OPS_PORT: '0',
    LOG_LEVEL: 'silent',
    FORAGE_EVIDENCE_KEY: key,
    EXTRACT_MAX_PAGES: String(options.maxPages ?? 4),
    EGRESS_ALLOWLIST: [site.origin, `127.0.0.1:${unreachable}`, ...(options.allow ?? [])].join(','),
    DOMAIN_MIN_DELAY_MS: '0',
    ...options.env,
  });
  const service = await startDomExtractionService(config);
  const nc = await connect({ servers: nats.url });
  const store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 86_400_000 });
  let stopped = false;
  return {
    nats,
    service,
    nc,
    bus: new Bus(nc, { timeoutMs: 30_000 }),
    store,
    pool: service.app.get(BrowserPool),
    site,
    trap,
    closedPort: unreachable,
    async health() {
      const res = await fetch(`http://127.0.0.1:${service.opsPort}/health`);
      return (await res.json()) as Awaited<ReturnType<Harness['health']>>;
    },
    async metric(name) {
      const text = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await service.stop();
      await nc.close();
      await Promise.all([site.close(), trap.close()]);
      await nats.stop();
    },
  };
}

/** Reads FORAGE_LOGS from the start with an ordered consumer until a record matches (by id or predicate). */
export async function findLogRecord(
  nc: NatsConnection,
  match: string | ((record: LogRecord) => boolean),
): Promise<LogRecord | undefined> {
  const matches = typeof match === 'string' ? (r: LogRecord) => r.record_id === match : match;
  const consumer = await jetstream(nc).consumers.get('FORAGE_LOGS');
  const messages = await consumer.fetch({ max_messages: 1_000, expires: 2_000 });
  let found: LogRecord | undefined;
  for await (const msg of messages) {
    const record = logRecordSchema.parse(decodeJson(msg.data));
    if (matches(record)) found = record;
    if (found || msg.info.pending === 0) break;
  }
  return found;
}

/**
 * Live Chromium processes anywhere below `pid` in the process tree (zombies are dead already:
 * the container's init may never reap them). Chromium's crashpad handlers re-parent themselves
 * to init by design and exit with the browser, so they are not in this tree.
 */
export function chromiumDescendants(pid: number = process.pid): { pid: number; ppid: number }[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4)
    .map(([p, pp, stat, ...comm]) => ({
      pid: Number(p),
      ppid: Number(pp),
      zombie: (stat ?? '').startsWith('Z'),
      comm: comm.join(' '),
    }));
  const below = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
    }
  }
  return rows
    .filter((r) => r.pid !== pid && below.has(r.pid) && !r.zombie && /chrom/i.test(r.comm))
    .map(({ pid: p, ppid }) => ({ pid: p, ppid }));
}
