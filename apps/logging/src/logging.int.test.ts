import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  deadLetterEvent,
  logRecordEvent,
  queryLogs,
  type CommandReply,
  type LogRecord,
} from '@forage/contracts';
import { Bus, encodeJson, streams, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { aLogRecord, startTestNats, tempDir } from '@forage/testing';
import { loadLoggingConfig, type LoggingConfig } from './config.js';
import { startLoggingService } from './service.js';

type LogQueryReply = CommandReply<typeof queryLogs>;

describe('logging service over a real nats-server and PGlite', () => {
  const dir = tempDir('forage-logging-');
  let nats: RunningNatsServer;
  let config: LoggingConfig;
  let service: RunningService | undefined;
  let nc: NatsConnection;
  let bus: Bus;

  const startLogging = async (): Promise<void> => {
    service = await startLoggingService(config);
  };
  const stopLogging = async (): Promise<void> => {
    await service?.stop();
    service = undefined;
  };
  const publish = (record: LogRecord, msgId = record.record_id): Promise<{ duplicate: boolean }> =>
    bus.publishDurable(logRecordEvent, record, { msgId });

  /** Logging stores asynchronously: ask until `done` holds for the reply. */
  const queryUntil = async (
    request: { runId: string; recordIds?: string[] },
    done: (reply: LogQueryReply) => boolean,
  ): Promise<LogQueryReply> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const reply = await bus.request(queryLogs, request);
      if (done(reply)) return reply;
      if (Date.now() > deadline)
        throw new Error(`query never satisfied; last reply: ${JSON.stringify(reply.chain)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    nats = await startTestNats();
    config = loadLoggingConfig({
      NATS_URL: nats.url,
      LOGGING_DATA_DIR: `${dir.path}/db`,
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    await startLogging();
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
  });

  afterAll(async () => {
    await nc.close();
    await stopLogging();
    await nats.stop();
    dir.remove();
  });

  it('stores durably published records and returns them in chain order with a valid chain', async () => {
    const runId = randomUUID();
    const records = Array.from({ length: 3 }, (_, i) => aLogRecord({ run_id: runId, task_id: `step-${i}` }));
    for (const record of records) await publish(record);
    await publish(aLogRecord());

    const reply = await queryUntil({ runId }, (r) => r.records.length === 3);
    expect(reply.records.map((r) => r.record_id)).toEqual(records.map((r) => r.record_id));
    expect(reply.records[0]).toMatchObject({ ...records[0] });
    expect(reply.records[0]?.hash).toMatch(/^[a-f0-9]{64}$/);
    const seqs = reply.records.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(reply.chain).toMatchObject({ valid: true, brokenAtSeq: null });
    expect(reply.chain.checked).toBeGreaterThanOrEqual(3);
  });

  it('returns only the requested record ids of a run', async () => {
    const runId = randomUUID();
    const records = Array.from({ length: 3 }, () => aLogRecord({ run_id: runId }));
    for (const record of records) await publish(record);
    const wanted = [records[2]?.record_id ?? '', records[0]?.record_id ?? ''];
    const reply = await queryUntil({ runId, recordIds: wanted }, (r) => r.records.length === 2);
    expect(reply.records.map((r) => r.record_id)).toEqual([records[0]?.record_id, records[2]?.record_id]);
  });

  it('stores a record published twice (same msg id, or redelivered under a new one) only once', async () => {
    const runId = randomUUID();
    const record = aLogRecord({ run_id: runId });
    await publish(record);
    await expect(publish(record)).resolves.toMatchObject({ duplicate: true });
    await publish(record, randomUUID());
    // records are consumed in order, so once this one is stored the repeats have been handled
    const sentinel = aLogRecord({ run_id: runId });
    await publish(sentinel);

    const reply = await queryUntil({ runId }, (r) =>
      r.records.some((x) => x.record_id === sentinel.record_id),
    );
    expect(reply.records.filter((r) => r.record_id === record.record_id)).toHaveLength(1);
    expect(reply.chain.valid).toBe(true);
  });

  /** Reads the dead-letter stream until a letter whose body contains `marker` shows up. */
  const deadLetterContaining = async (
    marker: string,
  ): Promise<{ subject: string; consumer: string; reason: string } | undefined> => {
    const dlq = await jetstream(nc).consumers.get(streams.deadLetters.name);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const msg = await dlq.next({ expires: 1_000 });
      const letter = msg ? deadLetterEvent.payload.parse(msg.json()) : undefined;
      if (letter?.body.includes(marker)) return letter;
    }
    return undefined;
  };

  it('dead-letters a payload that breaks the contract and stays healthy', async () => {
    const garbage = { record_id: 'not-a-uuid', note: randomUUID() };
    await jetstream(nc).publish(logRecordEvent.subject, encodeJson(garbage), { msgID: randomUUID() });

    expect(await deadLetterContaining(garbage.note)).toMatchObject({
      subject: logRecordEvent.subject,
      consumer: 'logging',
      reason: expect.stringContaining('InvalidRequestError') as unknown,
    });

    const health = await fetch(`http://127.0.0.1:${service?.opsPort ?? 0}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      ok: true,
      checks: { nats: { ok: true }, database: { ok: true } },
    });

    const after = aLogRecord();
    await publish(after);
    await queryUntil({ runId: after.run_id }, (r) => r.records.length === 1);
  });

  it('dead-letters a record that reuses a stored id with other content, keeping the stored one', async () => {
    const original = aLogRecord();
    await publish(original);
    await queryUntil({ runId: original.run_id }, (r) => r.records.length === 1);

    const forged = { ...original, task_id: `forged-${randomUUID()}` };
    await publish(forged, randomUUID());
    expect(await deadLetterContaining(forged.task_id)).toMatchObject({
      reason: expect.stringContaining('RecordConflictError') as unknown,
    });
    const reply = await bus.request(queryLogs, { runId: original.run_id });
    expect(reply.records.map((r) => r.task_id)).toEqual([original.task_id]);
  });

  it('continues the chain (seq and prev_hash) after a restart on the same data directory', async () => {
    const before = aLogRecord();
    await publish(before);
    const [last] = (await queryUntil({ runId: before.run_id }, (r) => r.records.length === 1)).records;
    if (!last) throw new Error('no record');

    await stopLogging();
    await startLogging();
    const after = aLogRecord();
    await publish(after);
    const reply = await queryUntil({ runId: after.run_id }, (r) => r.records.length === 1);
    expect(reply.records[0]).toMatchObject({ seq: last.seq + 1, prev_hash: last.hash });
    expect(reply.chain).toMatchObject({ valid: true, checked: last.seq + 1, brokenAtSeq: null });
  });

  it('reports a row edited directly in the database as a broken chain at that row', async () => {
    const victim = aLogRecord({ status: 'fail' });
    await publish(victim);
    const [stored] = (await queryUntil({ runId: victim.run_id }, (r) => r.records.length === 1)).records;
    if (!stored) throw new Error('no record');

    await stopLogging();
    const db = await PGlite.create(config.LOGGING_DATA_DIR);
    const edited = await db.query(
      `update log_records set body = replace(body, '"status":"fail"', '"status":"success"') where seq = $1`,
      [stored.seq],
    );
    await db.close();
    expect(edited.affectedRows).toBe(1);
    await startLogging();

    const reply = await bus.request(queryLogs, { runId: victim.run_id });
    expect(reply.chain).toEqual({ valid: false, checked: stored.seq - 1, brokenAtSeq: stored.seq });
  });
});
