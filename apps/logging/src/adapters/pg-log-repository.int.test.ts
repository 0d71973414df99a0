import pg from 'pg';
import type { LogRecord } from '@forage/contracts';
import { aLogRecord, startTestPostgres, type RunningPostgres } from '@forage/testing';
import { auditChain } from '../core/audit.js';
import { LogStoreUnavailableError } from '../errors.js';
import type { AppendOutcome } from '../core/chain.js';
import { PgLogRepository } from './pg-log-repository.js';

/** Two repositories with two pools on one server stand for two logging replicas (processes). */
describe('PgLogRepository replicas sharing one PostgreSQL server', () => {
  let server: RunningPostgres;
  let replicas: [PgLogRepository, PgLogRepository];

  beforeAll(async () => {
    server = await startTestPostgres();
  });

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    await server.stop();
  });

  it('migrates a fresh database once when two replicas boot at the same time', async () => {
    replicas = await Promise.all([PgLogRepository.open(server.url), PgLogRepository.open(server.url)]);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const versions = await client.query<{ version: number }>('select version from schema_migrations');
    await client.end();
    expect(versions.rows).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it('keeps one unforked chain when two replicas append 200 records concurrently, redeliveries included', async () => {
    const [a, b] = replicas;
    const records = Array.from({ length: 200 }, (_, i) => aLogRecord({ task_id: `task-${i}` }));
    // every record goes to one replica; the first 50 are also redelivered to the other one
    const redelivered = records.slice(0, 50);
    const appends: Promise<[LogRecord, AppendOutcome]>[] = [];
    records.forEach((record, i) => {
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      appends.push(first.append(record).then((o) => [record, o]));
      if (i < redelivered.length) appends.push(second.append({ ...record }).then((o) => [record, o]));
    });
    const outcomes = await Promise.all(appends);

    const rows = await a.rowsAfter({ afterSeq: 0, limit: 1_000 });
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.recordId)).size).toBe(200);
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(200); // no two rows link to the same parent
    const audit = await auditChain({ readPage: (page) => b.rowsAfter(page), pageSize: 37 });
    expect(audit).toMatchObject({ valid: true, checked: 200, brokenAtSeq: null, reason: null });

    for (const record of redelivered) {
      const mine = outcomes.filter(([r]) => r.record_id === record.record_id).map(([, o]) => o);
      expect(mine.map((o) => o.status).sort()).toEqual(['duplicate', 'stored']);
      expect(mine[0]?.row).toEqual(mine[1]?.row);
    }
    expect(outcomes.filter(([, o]) => o.status === 'stored')).toHaveLength(200);
  });

  it('pings the server for health, and fails appends as retryable once the server is gone', async () => {
    const [a] = replicas;
    expect(await a.health()).toEqual({ ok: true });
    await server.stop();

    const health = await a.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toEqual(expect.any(String));
    const failed = a.append(aLogRecord());
    await expect(failed).rejects.toBeInstanceOf(LogStoreUnavailableError);
    await expect(failed).rejects.toMatchObject({ retryable: true });
  });
});
