import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  auditLog,
  deadLetterEvent,
  logRecordEvent,
  producerSubjectOf,
  queryLogs,
  type CommandReply,
  type LogRecord,
} from '@forage/contracts';
import {
  Bus,
  encodeJson,
  ServiceUnavailableError,
  streams,
  type RunningNatsServer,
  type RunningService,
} from '@forage/messaging';
import { aLogRecord, startTestNats, startTestPostgres, tempDir, type RunningPostgres } from '@forage/testing';
import { loadLoggingConfig, type LoggingConfig } from './config.js';
import { startLoggingService } from './service.js';

type LogQueryReply = CommandReply<typeof queryLogs>;

/** Where the service keeps its records: PGlite in a data directory, or a PostgreSQL server. */
interface Database {
  /** Starts the database; the environment that points the service at it. */
  start(): Promise<Record<string, string>>;
  /** Runs one statement on the database directly, with the service stopped; the rows it changed. */
  execute(text: string, params: readonly unknown[]): Promise<number>;
  stop(): Promise<void>;
}

function pgliteDatabase(): Database {
  const dir = tempDir('forage-logging-');
  const dataDir = `${dir.path}/db`;
  return {
    start: () => Promise.resolve({ LOGGING_DATA_DIR: dataDir }),
    async execute(text, params) {
      const db = await PGlite.create(dataDir);
      try {
        return (await db.query(text, [...params])).affectedRows ?? 0;
      } finally {
        await db.close();
      }
    },
    stop: () => {
      dir.remove();
      return Promise.resolve();
    },
  };
}

function postgresDatabase(): Database {
  let server: RunningPostgres | undefined;
  return {
    async start() {
      server = await startTestPostgres();
      // LOGGING_DATA_DIR is left unset: DATABASE_URL must win over the PGlite default
      return { DATABASE_URL: server.url };
    },
    async execute(text, params) {
      const client = new pg.Client({ connectionString: server?.url });
      await client.connect();
      try {
        return (await client.query(text, [...params])).rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      await server?.stop();
    },
  };
}

describe.each([
  { name: 'PGlite in LOGGING_DATA_DIR', database: pgliteDatabase },
  { name: 'a PostgreSQL server at DATABASE_URL', database: postgresDatabase },
])('logging service over a real nats-server and $name', ({ database: makeDatabase }) => {
  const database = makeDatabase();
  let nats: RunningNatsServer;
  let config: LoggingConfig;
  let service: RunningService | undefined;
  let nc: NatsConnection;
  let bus: Bus;

  const startLogging = async (): Promise<void> => {
    service = await startLoggingService(config);
    await untilListening();
  };
  /**
   * startService resolves before the transport's subscriptions have reached nats-server (no
   * flush), so a request sent right away can find no responder: ask until one answers.
   */
  const untilListening = async (): Promise<void> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await bus.request(queryLogs, { runId: randomUUID() });
        return;
      } catch (err) {
        if (!(err instanceof ServiceUnavailableError) || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
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
      ...(await database.start()),
      NATS_URL: nats.url,
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    await startLogging();
  });

  afterAll(async () => {
    await nc.close();
    await stopLogging();
    await nats.stop();
    await database.stop();
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
    const subject = producerSubjectOf(logRecordEvent, 'search');
    await jetstream(nc).publish(subject, encodeJson(garbage), { msgID: randomUUID() });

    expect(await deadLetterContaining(garbage.note)).toMatchObject({
      subject,
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

  it('continues the chain (seq and prev_hash) after a restart on the same database', async () => {
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
    const edited = await database.execute(
      `update log_records set body = replace(body, '"status":"fail"', '"status":"success"') where seq = $1`,
      [stored.seq],
    );
    expect(edited).toBe(1);
    await startLogging();

    const reply = await bus.request(queryLogs, { runId: victim.run_id });
    expect(reply.chain).toEqual({ valid: false, checked: stored.seq - 1, brokenAtSeq: stored.seq });
  });

  it("dead-letters a record written in another tool's name, and one without a producer", async () => {
    const forged = aLogRecord({ tool_name: 'verifier', producer: { tool: 'processing', instance: 'p@1' } });
    await publish(forged);
    expect(await deadLetterContaining(forged.record_id)).toMatchObject({
      reason: expect.stringContaining('ProducerRejectedError') as unknown,
    });
    const anonymous = withoutProducer(aLogRecord());
    await publish(anonymous);
    expect(await deadLetterContaining(anonymous.record_id)).toMatchObject({
      reason: expect.stringContaining('no producer') as unknown,
    });
    const reply = await bus.request(queryLogs, { runId: forged.run_id });
    expect(reply.records).toEqual([]);
  });

  // last: it leaves the chain broken for good
  it('reports a truncated tail (the last rows deleted in the database) from the head kept in NATS', async () => {
    const runId = randomUUID();
    const records = [aLogRecord({ run_id: runId }), aLogRecord({ run_id: runId })];
    for (const record of records) await publish(record);
    const [first] = (await queryUntil({ runId }, (r) => r.records.length === 2)).records;
    if (!first) throw new Error('no record');

    await stopLogging();
    expect(
      await database.execute('delete from log_records where seq >= $1', [first.seq]),
    ).toBeGreaterThanOrEqual(2);
    await startLogging();

    // a query reports the earliest break it has seen: the truncated tail, or the row an earlier test
    // edited when the background catch-up reached it first (both are before or at the tail)
    const reply = await bus.request(queryLogs, { runId: randomUUID() });
    expect(reply.chain.valid).toBe(false);
    expect(reply.chain.brokenAtSeq).toBeLessThanOrEqual(first.seq);

    // the full audit names both the row edited by the test before and the truncated tail
    const audit = await bus.request(auditLog, {});
    expect(audit.valid).toBe(false);
    expect(audit.anomalies.map((a) => a.kind)).toEqual(['edited', 'truncated']);
    expect(audit.anomalies[1]).toMatchObject({ kind: 'truncated', seq: first.seq, toSeq: first.seq + 1 });
    const fromHere = await bus.request(auditLog, { fromSeq: first.seq });
    expect(fromHere).toMatchObject({ fromSeq: first.seq, checked: 0, valid: false });
    expect(fromHere.anomalies.map((a) => [a.kind, a.seq])).toEqual([['truncated', first.seq]]);
  });
});

describe('two logging replicas sharing one PostgreSQL server', () => {
  let nats: RunningNatsServer;
  let postgres: RunningPostgres;
  let replicas: RunningService[] = [];
  let nc: NatsConnection;

  beforeAll(async () => {
    [nats, postgres] = await Promise.all([startTestNats(), startTestPostgres()]);
    const config = loadLoggingConfig({
      NATS_URL: nats.url,
      DATABASE_URL: postgres.url,
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    // one after the other: both create-or-update the same durable consumer, then share it
    for (let i = 0; i < 2; i++) replicas.push(await startLoggingService(config));
    nc = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    await nc.close();
    await Promise.all(replicas.map((r) => r.stop()));
    replicas = [];
    await nats.stop();
    await postgres.stop();
  });

  it('stores every record once in one valid chain while both consume the durable stream', async () => {
    const bus = new Bus(nc, { timeoutMs: 15_000 });
    const runId = randomUUID();
    const records = Array.from({ length: 120 }, (_, i) =>
      aLogRecord({ run_id: runId, task_id: `step-${i}` }),
    );
    await Promise.all(records.map((r) => bus.publishDurable(logRecordEvent, r, { msgId: r.record_id })));
    // the same records again under new message ids: redeliveries the stream does not dedupe
    await Promise.all(
      records.slice(0, 30).map((r) => bus.publishDurable(logRecordEvent, r, { msgId: randomUUID() })),
    );

    // every message (originals and redeliveries) handled and acknowledged
    const jsm = await jetstreamManager(nc);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const info = await jsm.consumers.info(streams.logs.name, 'logging');
      if (info.num_pending === 0 && info.num_ack_pending === 0) break;
      if (Date.now() > deadline) throw new Error(`records still pending: ${JSON.stringify(info)}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const reply = await bus.request(queryLogs, { runId, limit: 500 });
    expect(reply.records).toHaveLength(records.length);
    expect(new Set(reply.records.map((r) => r.record_id)).size).toBe(records.length);
    expect(reply.records.map((r) => r.seq)).toEqual(Array.from({ length: records.length }, (_, i) => i + 1));
    expect(reply.chain).toEqual({ valid: true, checked: records.length, brokenAtSeq: null });
    const handled = await Promise.all(replicas.map((r) => recordsHandled(r.opsPort)));
    expect(handled.every((n) => n > 0)).toBe(true); // both replicas wrote to the chain
    expect(handled.reduce((sum, n) => sum + n, 0)).toBe(records.length + 30);
  });
});

/** `forage_handler_total` for `log.record.v1` on one replica's /metrics, over all outcomes. */
async function recordsHandled(opsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('forage_handler_total{') && line.includes(`subject="${logRecordEvent.subject}"`),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

function withoutProducer(record: LogRecord): LogRecord {
  const copy = { ...record };
  delete copy.producer;
  return copy;
}
