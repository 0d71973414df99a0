/**
 * bench:logging-query — log.query.v1 latency as the log grows from 10k to 1M records, on PGlite
 * and on PostgreSQL. Beside it, in the same run, the baseline it replaces: walking the whole chain
 * from the genesis, which every query used to do. Tables are grown by appending straight into the
 * repository in large batches (a valid chain, no NATS); queries go through NATS to the service.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { queryLogs } from '@forage/contracts';
import { Bus, launchNatsServer, ServiceUnavailableError } from '@forage/messaging';
import { auditChain, loadLoggingConfig, openLogRepository, startLoggingService } from '@forage/app-logging';
import { backendsFromEnv, startBackend, type BackendName } from './logging/backends.js';
import { benchRecord } from './logging/records.js';
import { seedRecords } from './logging/seed.js';
import { ms, summarize } from './stats.js';

const SIZES = (process.env['BENCH_SIZES'] ?? '10000,100000,1000000').split(',').map(Number);
const QUERIES = Number(process.env['BENCH_QUERIES'] ?? 300);
/** Records per run in the seeded table (a run of a few pages and steps). */
const RUN_LENGTH = 10;
/** Every SAMPLE_EVERY-th run is remembered and queried. */
const SAMPLE_EVERY = 100;

interface SampleRun {
  readonly runId: string;
  readonly recordIds: string[];
}

async function benchBackend(name: BackendName): Promise<void> {
  const natsDir = mkdtempSync(join(tmpdir(), 'forage-bench-nats-'));
  const nats = await launchNatsServer({ storeDir: natsDir });
  const backend = await startBackend(name);
  const nc = await connect({ servers: nats.url });
  const bus = new Bus(nc, { timeoutMs: 60_000 });
  const config = loadLoggingConfig({
    ...backend.env,
    NATS_URL: nats.url,
    OPS_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const samples: SampleRun[] = [];
  let runId = randomUUID();
  let stored = 0;
  const results: { size: number; p99: number }[] = [];
  try {
    for (const size of SIZES) {
      const repository = await openLogRepository(config);
      const seedStart = performance.now();
      await seedRecords({
        repository,
        count: size - stored,
        make: (i) => {
          const n = stored + i;
          if (n % RUN_LENGTH === 0) {
            runId = randomUUID();
            if ((n / RUN_LENGTH) % SAMPLE_EVERY === 0) samples.push({ runId, recordIds: [] });
          }
          const record = benchRecord({ runId, step: n % RUN_LENGTH });
          const sample = samples.at(-1);
          if (sample?.runId === runId) sample.recordIds.push(record.record_id);
          return record;
        },
      });
      const seedMs = performance.now() - seedStart;
      stored = size;
      const walkStart = performance.now();
      const walk = await auditChain({ readPage: (p) => repository.rowsAfter(p), pageSize: 2_000 });
      const fullWalkMs = performance.now() - walkStart;
      if (!walk.valid || walk.checked !== size)
        throw new Error(`seeded chain invalid: ${JSON.stringify(walk)}`);
      await repository.close();

      const service = await startLoggingService(config);
      try {
        const catchUpStart = performance.now();
        await untilVerified(bus, size);
        const catchUpMs = performance.now() - catchUpStart;
        const latencies: number[] = [];
        for (let i = 0; i < QUERIES; i++) {
          const sample = samples[(i * 7919) % samples.length];
          if (!sample) throw new Error('no sample runs');
          const started = performance.now();
          const reply = await bus.request(queryLogs, {
            runId: sample.runId,
            recordIds: sample.recordIds,
            limit: sample.recordIds.length,
          });
          latencies.push(performance.now() - started);
          if (!reply.chain.valid || reply.records.length !== sample.recordIds.length)
            throw new Error(`query answered wrongly: ${JSON.stringify(reply.chain)}`);
        }
        const s = summarize(latencies);
        results.push({ size, p99: s.p99 });
        console.log(
          `RESULT bench=logging-query backend=${name} records=${String(size)} query_p50_ms=${ms(s.p50)} query_p99_ms=${ms(s.p99)} query_mean_ms=${ms(s.mean)} queries=${String(s.n)} full_walk_ms=${ms(fullWalkMs)} catch_up_ms=${ms(catchUpMs)} seed_ms=${ms(seedMs)}`,
        );
      } finally {
        await service.stop();
      }
    }
    const first = results[0];
    const last = results.at(-1);
    if (first && last && last !== first) {
      console.log(
        `RESULT bench=logging-query backend=${name} p99_growth=${(last.p99 / first.p99).toFixed(2)}x records_growth=${String(last.size / first.size)}x`,
      );
    }
  } finally {
    await nc.close();
    await backend.stop();
    await nats.stop();
    rmSync(natsDir, { recursive: true, force: true });
  }
}

/** Asks until the service answers and has verified `size` links (a fresh table is caught up in the background). */
async function untilVerified(bus: Bus, size: number): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      const reply = await bus.request(queryLogs, { runId: randomUUID() });
      if (!reply.chain.valid) throw new Error(`chain reported broken: ${JSON.stringify(reply.chain)}`);
      if (reply.chain.checked >= size) return;
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError)) throw err;
    }
    if (Date.now() > deadline) throw new Error('the service did not verify the seeded chain in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const backend of backendsFromEnv()) await benchBackend(backend);
