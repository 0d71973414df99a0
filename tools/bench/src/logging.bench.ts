/**
 * bench:logging — sustained load through NATS into storage: tool records published to the log
 * stream in JetStream at BENCH_RATE per second for BENCH_SECONDS (prepared in advance, see
 * prepareRecords and publishAtRate), consumed by the logging service (its own
 * process, as deployed; its CPU per record is printed, a figure that does not depend on what else
 * the machine runs), stored in the hash chain, once on PGlite and once on a PostgreSQL server. Each record points at a DOM
 * snapshot really stored in the evidence store. Latency is publish → row written (the row's
 * stored_at); every stored body is validated against the contract and every evidence
 * reference read back. Ends with one RESULT line per backend.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import {
  auditLog,
  logRecordEvent,
  logRecordSchema,
  publishSubjectOf,
  type EvidenceRef,
} from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, encodeJson, HEADER, launchNatsServer, natsConnectOptions, streams } from '@forage/messaging';
import { backendsFromEnv, startBackend, type BackendName } from './logging/backends.js';
import { benchRecord } from './logging/records.js';
import { startLoggingProcess } from './logging/service-process.js';
import { readStoredTable } from './logging/stored-rows.js';
import { ms, summarize } from './stats.js';

const RATE = Number(process.env['BENCH_RATE'] ?? 5_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
/**
 * Load at the same rate before the measured SECONDS: a freshly started service compiles its
 * JavaScript and PGlite's WebAssembly (V8 tiers it up in the background, on the other core), and
 * the first seconds at full rate queue up a backlog that takes about five seconds to drain on this
 * machine (`p99_by_second`). Warm-up records are stored, validated and their evidence checked like
 * the rest; only the throughput and latency figures leave them out, and their p99 is printed on
 * the detail line.
 */
const WARMUP_SECONDS = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 10);
/** How the load generator publishes: `core` (default) or `acked` (see publishAtRate). */
const PUBLISH = process.env['BENCH_PUBLISH'] === 'acked' ? 'acked' : 'core';
/** Publishes awaiting their JetStream ack at once (`acked`). */
const WINDOW = 512;
const TICK_MS = 20;
const SNAPSHOTS = 32;

async function benchBackend(name: BackendName): Promise<void> {
  const natsDir = mkdtempSync(join(tmpdir(), 'forage-bench-nats-'));
  const nats = await launchNatsServer({ storeDir: natsDir });
  const backend = await startBackend(name);
  // connected as a service's Bus is (the same client options)
  const nc = await connect({ servers: nats.url, ...natsConnectOptions({}) });
  const key = randomBytes(32).toString('hex');
  // its own process, as deployed: the publisher below does not share its event loop
  const service = await startLoggingProcess({ ...backend.env, NATS_URL: nats.url, LOG_LEVEL: 'warn' });
  try {
    const bus = new Bus(nc, { timeoutMs: 600_000 });
    const store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
    const snapshots = await storeSnapshots(store);
    const published = new Map<string, number>();
    const records = prepareRecords(snapshots, RATE * (WARMUP_SECONDS + SECONDS));
    const cpuBefore = service.cpuSeconds();
    const started = Date.now();
    const measuredFrom = await publishAtRate({ nc, records, published });
    const publishedMs = Date.now() - measuredFrom;
    await untilConsumed(nc, records.length);
    const cpuAfter = service.cpuSeconds();
    await bus.request(auditLog, {}).then((audit) => {
      if (!audit.valid) throw new Error(`chain audit failed: ${JSON.stringify(audit.anomalies.slice(0, 5))}`);
    });
    await service.stop(); // PGlite's directory is opened by one process at a time
    const table = await readStoredTable(backend.env);

    const latencies: number[] = [];
    const warmup: number[] = [];
    const bySecond: number[][] = [];
    let valid = 0;
    let evidenceOk = 0;
    let lastStored = measuredFrom;
    const resolvable = await resolvableRefs(store, snapshots);
    for (const row of table.rows) {
      const sentAt = published.get(row.recordId);
      if (sentAt === undefined) continue;
      const second = Math.floor((sentAt - started) / 1000);
      (bySecond[second] ??= []).push(row.storedAtMs - sentAt);
      if (sentAt < measuredFrom) warmup.push(row.storedAtMs - sentAt);
      else {
        latencies.push(row.storedAtMs - sentAt);
        lastStored = Math.max(lastStored, row.storedAtMs);
      }
      const parsed = logRecordSchema.safeParse(JSON.parse(row.body));
      if (!parsed.success || parsed.data.record_id !== row.recordId) continue;
      valid += 1;
      const dom = parsed.data.evidence.dom_snapshot;
      if (dom && resolvable.has(dom.sha256)) evidenceOk += 1;
    }
    const n = published.size;
    const s = summarize(latencies);
    const pct = (k: number): string => ((100 * k) / Math.max(1, n)).toFixed(2);
    const cpuUs =
      cpuBefore !== undefined && cpuAfter !== undefined
        ? ((cpuAfter - cpuBefore) * 1e6) / Math.max(1, n)
        : NaN;
    console.log(`detail p99_by_second=${bySecond.map((l) => ms(summarize(l).p99)).join(',')}`);
    console.log(
      `detail backend=${name} publish=${PUBLISH} published=${String(n)} warmup_records=${String(warmup.length)} warmup_p99_ms=${ms(summarize(warmup).p99)} measured=${String(latencies.length)} publish_s=${(publishedMs / 1000).toFixed(1)} p50_ms=${ms(s.p50)} p90_ms=${ms(s.p90)} mean_ms=${ms(s.mean)} table_bytes=${String(table.bytes)} service_cpu_us_per_record=${cpuUs.toFixed(0)}`,
    );
    console.log(
      `RESULT records_per_s=${(latencies.length / ((lastStored - measuredFrom) / 1000)).toFixed(0)} p99_ms=${ms(s.p99)} backend=${name} valid_pct=${pct(valid)} evidence_ok_pct=${pct(evidenceOk)} bytes_per_record=${(table.bytes / Math.max(1, table.rows.length)).toFixed(0)}`,
    );
  } finally {
    await service.stop();
    await nc.close();
    await backend.stop();
    await nats.stop();
    rmSync(natsDir, { recursive: true, force: true });
  }
}

/** DOM snapshots (distinct pages of about 40 KB) stored as evidence, as dom-extraction stores them. */
async function storeSnapshots(store: EvidenceStore): Promise<EvidenceRef[]> {
  const refs: EvidenceRef[] = [];
  for (let i = 0; i < SNAPSHOTS; i++) {
    const paragraphs = Array.from(
      { length: 300 },
      (_, p) =>
        `<p id="p${String(p)}">Paragraph ${String(p)} of page ${String(i)}: ${randomUUID()} lorem ipsum.</p>`,
    );
    const html = `<html><head><title>Page ${String(i)}</title></head><body>${paragraphs.join('')}</body></html>`;
    refs.push(
      await store.put({
        kind: 'dom_snapshot',
        contentType: 'text/html',
        data: new TextEncoder().encode(html),
      }),
    );
  }
  return refs;
}

/** A record ready to go: built, validated against its contract and encoded before the clock starts. */
interface ReadyRecord {
  readonly id: string;
  readonly payload: Uint8Array;
  readonly headers: MsgHdrs;
  /** Its producer's own subject (log.record.v1.<tool>). */
  readonly subject: string;
}

/**
 * The load, prepared in advance: building, validating and encoding 100,000 records is the
 * producers' work, spread over other services, and left in the timed loop it took CPU from the
 * service on this two-core machine. The headers are those `Bus.publishDurable` sets.
 */
function prepareRecords(snapshots: readonly EvidenceRef[], count: number): ReadyRecord[] {
  const ready: ReadyRecord[] = [];
  let runId = randomUUID();
  for (let i = 0; i < count; i++) {
    if (i % 10 === 0) runId = randomUUID();
    const dom = snapshots[i % snapshots.length];
    if (!dom) throw new Error('no snapshots');
    const record = logRecordEvent.payload.parse(
      benchRecord({ runId, step: i % 10, evidence: { domSnapshot: dom, screenshot: null } }),
    );
    const h = natsHeaders();
    h.set(HEADER.traceId, record.trace_id);
    h.set(HEADER.runId, record.run_id);
    h.set('Nats-Msg-Id', record.record_id); // what js.publish's msgID sets
    ready.push({
      id: record.record_id,
      payload: encodeJson(record),
      headers: h,
      subject: publishSubjectOf(logRecordEvent, record),
    });
  }
  return ready;
}

/**
 * Publishes RATE records a second for WARMUP_SECONDS + SECONDS, in ticks, and resolves with the
 * moment the measured part began. `acked` (BENCH_PUBLISH=acked) publishes through JetStream and
 * awaits each store acknowledgement, at most WINDOW outstanding, as `Bus.publishDurable` does;
 * the default `core` publishes the same messages (with their Nats-Msg-Id) to the stream's subject
 * without awaiting each ack. Building, validating and publishing each record with an awaited ack
 * took the generator about 100 µs of CPU, most of what the service spends storing it, on the
 * same two cores; the bench measures the service. Every record is still counted only once it is
 * in the table (`valid_pct`).
 */
async function publishAtRate(input: {
  nc: NatsConnection;
  records: readonly ReadyRecord[];
  published: Map<string, number>;
}): Promise<number> {
  const warmupCount = RATE * WARMUP_SECONDS;
  const js = jetstream(input.nc);
  let measuredFrom = Date.now();
  const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
  const inFlight = new Set<Promise<unknown>>();
  const start = performance.now();
  for (const [i, record] of input.records.entries()) {
    if (i % perTick === 0) {
      const due = start + (i / perTick) * TICK_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    if (i === warmupCount) measuredFrom = Date.now();
    input.published.set(record.id, Date.now());
    if (PUBLISH === 'core') {
      input.nc.publish(record.subject, record.payload, { headers: record.headers });
      continue;
    }
    const p = js
      .publish(record.subject, record.payload, { msgID: record.id, headers: record.headers })
      .finally(() => {
        inFlight.delete(p);
      });
    inFlight.add(p);
    if (inFlight.size >= WINDOW) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await input.nc.flush();
  return measuredFrom;
}

/** Every record is in the stream (a core publish is stored after its flush) and none is left to consume. */
async function untilConsumed(nc: NatsConnection, published: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const deadline = Date.now() + 600_000;
  for (;;) {
    const stream = await jsm.streams.info(streams.logs.name);
    const info = await jsm.consumers.info(streams.logs.name, 'logging');
    const done = stream.state.last_seq >= published && info.num_pending === 0 && info.num_ack_pending === 0;
    if (done) return;
    if (Date.now() > deadline) throw new Error(`records still pending: ${JSON.stringify(info.num_pending)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The snapshots that read back (decrypted, hash checked) from the evidence store. */
async function resolvableRefs(store: EvidenceStore, refs: readonly EvidenceRef[]): Promise<Set<string>> {
  const ok = new Set<string>();
  for (const ref of refs) {
    try {
      await store.get(ref);
      ok.add(ref.sha256);
    } catch {
      // not resolvable: counted against evidence_ok_pct
    }
  }
  return ok;
}

for (const backend of backendsFromEnv()) await benchBackend(backend);
