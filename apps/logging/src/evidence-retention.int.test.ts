import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { auditLog, evidenceTombstoneSchema, queryLogs } from '@forage/contracts';
import { EvidenceNotFoundError, EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { EvidenceSweeper } from './adapters/evidence-sweeper.js';
import { loadLoggingConfig } from './config.js';
import { RETENTION_RUN_ID } from './core/tombstone.js';
import { startLoggingService } from './service.js';

const DAY_MS = 86_400_000;

/**
 * The retention sweeper over a real JetStream object store and the logging service's chain:
 * evidence past EVIDENCE_RETENTION_DAYS is deleted and the deletion is a tombstone record in the
 * audited chain; younger evidence is kept.
 */
describe('evidence retention sweeper', () => {
  let nats: RunningNatsServer;
  let logging: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;

  beforeAll(async () => {
    nats = await startTestNats();
    logging = await startLoggingService(
      loadLoggingConfig({
        NATS_URL: nats.url,
        LOGGING_DATA_DIR: 'memory://',
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        EVIDENCE_RETENTION_DAYS: '7',
        LOGGING_SWEEP_INTERVAL_MS: '0',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    store = await EvidenceStore.open(nc, {
      key: parseEvidenceKey(randomBytes(32).toString('hex')),
      retentionMs: 7 * DAY_MS,
    });
  });

  afterAll(async () => {
    await nc.close();
    await logging.stop();
    await nats.stop();
  });

  const put = (text: string) =>
    store.put({ kind: 'dom_snapshot', contentType: 'text/html', data: new TextEncoder().encode(text) });

  it('keeps evidence younger than the retention period and writes no tombstone', async () => {
    const young = await put('<p>stored just now</p>');
    const sweeper = logging.app.get(EvidenceSweeper);
    expect(await sweeper.sweep(new Date(Date.now() + 6 * DAY_MS))).toBe(0);
    expect((await store.getText(young)).length).toBeGreaterThan(0);
    const tombstones = await bus.request(queryLogs, { runId: RETENTION_RUN_ID });
    expect(tombstones.records).toEqual([]);
  });

  it('deletes expired evidence and leaves a tombstone naming it in the audited chain', async () => {
    const a = await put('<p>page a</p>');
    const b = await put(`<p>page b ${'x'.repeat(2_000)}</p>`);
    const sweeper = logging.app.get(EvidenceSweeper);

    const deleted = await sweeper.sweep(new Date(Date.now() + 8 * DAY_MS));

    expect(deleted).toBeGreaterThanOrEqual(2);
    await expect(store.get(a)).rejects.toBeInstanceOf(EvidenceNotFoundError);
    await expect(store.get(b)).rejects.toBeInstanceOf(EvidenceNotFoundError);
    const reply = await bus.request(queryLogs, { runId: RETENTION_RUN_ID });
    expect(reply.chain.valid).toBe(true);
    expect(reply.records).toHaveLength(1);
    expect(reply.records[0]).toMatchObject({ tool_name: 'logging', producer: { tool: 'logging' } });
    const tombstone = evidenceTombstoneSchema.parse(reply.records[0]?.output.data);
    expect(tombstone.retentionDays).toBe(7);
    expect(tombstone.deleted.map((d) => d.sha256)).toEqual(expect.arrayContaining([a.sha256, b.sha256]));
    expect(tombstone.deleted.find((d) => d.sha256 === b.sha256)?.size).toBeGreaterThan(0);
    const audit = await bus.request(auditLog, {});
    expect(audit.anomalies).toEqual([]);

    // nothing left to delete: a second sweep writes no second tombstone
    expect(await sweeper.sweep(new Date(Date.now() + 8 * DAY_MS))).toBe(0);
    expect((await bus.request(queryLogs, { runId: RETENTION_RUN_ID })).records).toHaveLength(1);
  });
});
