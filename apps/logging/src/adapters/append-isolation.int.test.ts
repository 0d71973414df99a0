import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { aLogRecord, startTestPostgres, type RunningPostgres } from '@forage/testing';
import { verifyChain } from '../core/chain.js';
import type { LogRepository } from './log-repository.js';
import { PgLogRepository } from './pg-log-repository.js';
import { pgliteClient } from './pglite-log-repository.js';
import type { SqlClient } from './sql-client.js';
import { SqlLogRepository } from './sql-log-repository.js';

/** The repository over a PGlite database the test also holds, so it can change the schema under it. */
class PgliteUnderTest extends SqlLogRepository {
  static async over(db: SqlClient): Promise<PgliteUnderTest> {
    return new PgliteUnderTest(await SqlLogRepository.migrated(db));
  }
}

/** A real database rule that refuses one row: the database, not the code, rejects the record. */
const POISON_TRIGGER = `
  create or replace function refuse_poison() returns trigger language plpgsql as $$
  begin
    if new.body like '%poison-pill%' then raise exception 'row refused by the database'; end if;
    return new;
  end $$;
  create trigger refuse_poison before insert on log_records for each row execute function refuse_poison();
`;

interface Setup {
  repository: LogRepository;
  exec(sql: string): Promise<void>;
  rows(): Promise<
    { seq: number; recordId: string; runId: string; prevHash: string; hash: string; body: string }[]
  >;
  stop(): Promise<void>;
}

async function pgliteSetup(): Promise<Setup> {
  const db = await PGlite.create();
  const repository = await PgliteUnderTest.over(pgliteClient(db));
  return {
    repository,
    exec: async (sql) => {
      await db.exec(sql);
    },
    rows: () => repository.rowsAfter({ afterSeq: 0, limit: 10_000 }),
    stop: () => repository.close(),
  };
}

async function postgresSetup(): Promise<Setup> {
  const server: RunningPostgres = await startTestPostgres();
  const repository = await PgLogRepository.open(server.url);
  return {
    repository,
    exec: async (sql) => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    },
    rows: () => repository.rowsAfter({ afterSeq: 0, limit: 10_000 }),
    stop: async () => {
      await repository.close();
      await server.stop();
    },
  };
}

describe.each([
  { name: 'PGlite', setup: pgliteSetup },
  { name: 'a PostgreSQL server', setup: postgresSetup },
])('group commit on $name: a record the database refuses fails alone', ({ setup }) => {
  let s: Setup;

  beforeAll(async () => {
    s = await setup();
    await s.exec(POISON_TRIGGER);
  });

  afterAll(async () => {
    await s.stop();
  });

  it('stores every other record of its group, in one intact chain, and rejects only that one', async () => {
    const runId = randomUUID();
    const records = Array.from({ length: 40 }, (_, i) =>
      aLogRecord({ run_id: runId, task_id: i === 17 ? 'poison-pill' : `step-${String(i)}` }),
    );
    // appended together, so they wait for the same group
    const outcomes = await Promise.allSettled(records.map((r) => s.repository.append(r)));

    expect(outcomes.map((o) => o.status).filter((st) => st === 'rejected')).toHaveLength(1);
    expect(outcomes[17]?.status).toBe('rejected');
    const stored = await s.rows();
    expect(stored.map((r) => r.recordId)).toEqual(records.filter((_, i) => i !== 17).map((r) => r.record_id));
    expect(verifyChain(stored)).toMatchObject({ valid: true, checked: 39 });

    // a redelivery of the stored records writes nothing twice
    const again = await Promise.all(records.slice(0, 5).map((r) => s.repository.append(r)));
    expect(again.map((o) => o.status)).toEqual(Array(5).fill('duplicate'));
    expect(await s.rows()).toHaveLength(39);
  });
});
