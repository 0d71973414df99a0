import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { aLogRecord, tempDir } from '@forage/testing';
import { verifyChain } from '../core/chain.js';
import { PgliteLogRepository } from './pglite-log-repository.js';

describe('PgliteLogRepository on a real PGlite database', () => {
  const dir = tempDir('forage-logging-repo-');
  const dataDir = `${dir.path}/db`;
  let repository: PgliteLogRepository;

  beforeAll(async () => {
    repository = await PgliteLogRepository.open(dataDir);
  });

  afterAll(async () => {
    await repository.close();
    dir.remove();
  });

  it('appends records as a chain with seq 1, 2, 3 …', async () => {
    const runId = randomUUID();
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await repository.append(aLogRecord({ run_id: runId })));
    expect(outcomes.map((o) => [o.status, o.row.seq])).toEqual([
      ['stored', 1],
      ['stored', 2],
      ['stored', 3],
    ]);
    expect(verifyChain(await repository.rowsAfter({ afterSeq: 0, limit: 100 }))).toMatchObject({
      valid: true,
      checked: 3,
    });
  });

  it('serialises concurrent appends into one unbroken chain', async () => {
    const runId = randomUUID();
    await Promise.all(Array.from({ length: 40 }, () => repository.append(aLogRecord({ run_id: runId }))));
    const rows = await repository.rowsAfter({ afterSeq: 0, limit: 1000 });
    expect(verifyChain(rows)).toEqual({ valid: true, checked: rows.length, brokenAtSeq: null });
    expect((await repository.rowsOfRun({ runId, limit: 500 })).length).toBe(40);
  });

  it('stores a repeated record once and reports a changed one under the same id as a conflict', async () => {
    const record = aLogRecord();
    const first = await repository.append(record);
    const again = await repository.append({ ...record });
    const changed = await repository.append({ ...record, status: 'fail' });
    expect(first.status).toBe('stored');
    expect(again).toEqual({ status: 'duplicate', row: first.row });
    expect(changed).toEqual({ status: 'conflict', row: first.row });
    expect(await repository.rowsOfRun({ runId: record.run_id, limit: 10 })).toHaveLength(1);
  });

  it('returns only the requested records of a run, in chain order, up to the limit', async () => {
    const runId = randomUUID();
    const records = Array.from({ length: 4 }, () => aLogRecord({ run_id: runId }));
    for (const record of records) await repository.append(record);
    await repository.append(aLogRecord());
    const wanted = [records[3]?.record_id ?? '', records[1]?.record_id ?? ''];
    const rows = await repository.rowsOfRun({ runId, recordIds: wanted, limit: 10 });
    expect(rows.map((r) => r.recordId)).toEqual([records[1]?.record_id, records[3]?.record_id]);
    expect(await repository.rowsOfRun({ runId, limit: 2 })).toHaveLength(2);
    expect(await repository.rowsOfRun({ runId, recordIds: [], limit: 10 })).toEqual([]);
  });

  it('continues the chain after the database is closed and reopened', async () => {
    const before = await repository.rowsAfter({ afterSeq: 0, limit: 10_000 });
    const last = before.at(-1);
    await repository.close();
    repository = await PgliteLogRepository.open(dataDir);
    const { row } = await repository.append(aLogRecord());
    expect(row.seq).toBe((last?.seq ?? 0) + 1);
    expect(row.prevHash).toBe(last?.hash);
    expect(await repository.health()).toEqual({ ok: true });
  });

  it('migrates once: reopening does not re-run applied migrations', async () => {
    await repository.close();
    repository = await PgliteLogRepository.open(dataDir);
    await repository.close();
    const db = await PGlite.create(dataDir);
    const versions = await db.query<{ version: number }>(
      'select version from schema_migrations order by version',
    );
    await db.close();
    expect(versions.rows).toEqual([{ version: 1 }]);
    repository = await PgliteLogRepository.open(dataDir);
  });
});
