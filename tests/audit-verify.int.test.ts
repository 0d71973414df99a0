import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { logRecordEvent, queryLogs } from '@forage/contracts';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aLogRecord, startTestNats, tempDir } from '@forage/testing';
import { loadLoggingConfig } from '../apps/logging/src/config.js';
import { startLoggingService } from '../apps/logging/src/service.js';
import { auditVerify, EX_ANOMALIES } from '../apps/cli/src/commands/audit.js';

/** `forage audit verify` against a real logging service (PGlite) over a real nats-server. */
describe('forage audit verify', () => {
  const dir = tempDir('forage-cli-audit-');
  const dataDir = `${dir.path}/logging`;
  let nats: RunningNatsServer;
  let logging: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  const start = async (): Promise<void> => {
    logging = await startLoggingService(
      loadLoggingConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        LOGGING_DATA_DIR: dataDir,
      }),
    );
  };

  beforeAll(async () => {
    nats = await startTestNats();
    await start();
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
  });

  afterAll(async () => {
    await nc.close();
    await logging.stop();
    await nats.stop();
    dir.remove();
  });

  const audit = async (fromSeq?: number): Promise<{ code: number; lines: string[] }> => {
    const lines: string[] = [];
    const code = await auditVerify({
      natsUrl: nats.url,
      json: false,
      write: (l) => lines.push(l),
      ...(fromSeq ? { fromSeq } : {}),
    });
    return { code, lines };
  };

  it('reports an intact chain, then the records truncated from its tail by seq', async () => {
    const runId = randomUUID();
    const records = Array.from({ length: 6 }, () => aLogRecord({ run_id: runId }));
    for (const r of records) await bus.publishDurable(logRecordEvent, r, { msgId: r.record_id });
    const deadline = Date.now() + 20_000;
    while ((await bus.request(queryLogs, { runId })).records.length < records.length) {
      if (Date.now() > deadline) throw new Error('records not stored');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await audit()).toEqual({
      code: 0,
      lines: ['chain intact: 6 records checked (seq 1..6), chain head at seq 6'],
    });

    await logging.stop();
    const db = await PGlite.create(dataDir);
    await db.query('delete from log_records where seq > 4');
    await db.close();
    await start();

    const after = await audit();
    expect(after.code).toBe(EX_ANOMALIES);
    expect(after.lines).toEqual([
      'seq 5..6: truncated (tampering: the table ends at seq 4, the chain head is at seq 6)',
      'chain broken: 1 anomaly in 4 records checked (seq 1..4), chain head at seq 6',
    ]);
    expect((await audit(3)).lines.at(-1)).toBe(
      'chain broken: 1 anomaly in 2 records checked (seq 3..4), chain head at seq 6',
    );
  });

  it('keeps a truncation visible after new records arrive (their seqs continue after the old head)', async () => {
    // found by hand on a live stack: new appends reused seq 5..6, moved the head past them, and
    // the audit then called the chain intact
    const next = aLogRecord({ run_id: randomUUID() });
    await bus.publishDurable(logRecordEvent, next, { msgId: next.record_id });
    // let it be stored before any query: the first check then walks from the last verified row
    // with the new row already after it (the order that hid the deletion from the check in CI)
    await new Promise((r) => setTimeout(r, 1_000));
    const deadline = Date.now() + 20_000;
    let stored = (await bus.request(queryLogs, { runId: next.run_id })).records;
    while (stored.length === 0) {
      if (Date.now() > deadline) throw new Error('record not stored');
      await new Promise((r) => setTimeout(r, 50));
      stored = (await bus.request(queryLogs, { runId: next.run_id })).records;
    }
    expect(stored[0]?.seq).toBe(7);
    // the incremental check sees it too: the last verified row (seq 5 or 6, as far as the first
    // test's queries got before the stop) is gone
    const chain = (await bus.request(queryLogs, { runId: next.run_id })).chain;
    expect(chain.valid).toBe(false);
    expect([5, 6]).toContain(chain.brokenAtSeq);
    const metrics = await (await fetch(`http://127.0.0.1:${String(logging.opsPort)}/metrics`)).text();
    expect(metrics).toMatch(/^forage_log_chain_broken\{service="logging"\} 1$/m);
    const after = await audit();
    expect(after.code).toBe(EX_ANOMALIES);
    expect(after.lines).toEqual([
      'seq 5..6: deleted (seq 7 follows seq 4)',
      'chain broken: 1 anomaly in 5 records checked (seq 1..7), chain head at seq 7',
    ]);
  });
});
