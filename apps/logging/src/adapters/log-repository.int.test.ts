import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { aLogRecord, startTestPostgres, tempDir, type RunningPostgres } from '@forage/testing';
import { verifyChain } from '../core/chain.js';
import type { LogRepository } from './log-repository.js';
import { PgLogRepository } from './pg-log-repository.js';
import { PgliteLogRepository } from './pglite-log-repository.js';

/** One database the contract runs against: the embedded PGlite, or a real PostgreSQL server. */
interface Backend {
  start(): Promise<void>;
  open(): Promise<LogRepository>;
  /** Reads the database directly, with the repository closed (PGlite admits one process at a time). */
  select<Row>(text: string): Promise<Row[]>;
  stop(): Promise<void>;
}

function pgliteBackend(): Backend {
  const dir = tempDir('forage-logging-repo-');
  const dataDir = `${dir.path}/db`;
  return {
    start: () => Promise.resolve(),
    open: () => PgliteLogRepository.open(dataDir),
    async select<Row>(text: string) {
      const db = await PGlite.create(dataDir);
      try {
        return (await db.query<Row>(text)).rows;
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

function postgresBackend(): Backend {
  let server: RunningPostgres | undefined;
  const url = (): string => {
    if (!server) throw new Error('the test PostgreSQL server is not running');
    return server.url;
  };
  return {
    async start() {
      server = await startTestPostgres();
    },
    open: () => PgLogRepository.open(url()),
    async select<Row>(text: string) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        return (await client.query<pg.QueryResultRow>(text)).rows as Row[];
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
  { name: 'PgliteLogRepository on a real PGlite database', backend: pgliteBackend },
  { name: 'PgLogRepository on a real PostgreSQL server', backend: postgresBackend },
])('$name', ({ backend: makeBackend }) => {
  const backend = makeBackend();
  let repository: LogRepository;

  beforeAll(async () => {
    await backend.start();
    repository = await backend.open();
  });

  afterAll(async () => {
    await repository.close();
    await backend.stop();
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

  it('stores bodies byte for byte, whatever characters the record holds', async () => {
    const record = aLogRecord({
      output: {
        data: { text: 'tab\there\nnew line\r\\ back\\slash "quoted" \u0000 nul, é ✓ 🚀', n: 1.5e-7 },
      },
    });
    const outcomes = await Promise.all([repository.append(record), repository.append(aLogRecord())]);
    const [row] = await repository.rowsOfRun({ runId: record.run_id, limit: 10 });
    expect(row?.body).toBe(outcomes[0].row.body);
    expect(verifyChain(await repository.rowsAfter({ afterSeq: 0, limit: 10_000 }))).toMatchObject({
      valid: true,
    });
  });

  it('reports the chain tail and the links at given seqs', async () => {
    const { row } = await repository.append(aLogRecord());
    expect(await repository.tail()).toEqual({ seq: row.seq, hash: row.hash });
    expect(await repository.linksAt([row.seq, row.seq + 1])).toEqual([
      { seq: row.seq, prevHash: row.prevHash, hash: row.hash },
    ]);
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

  it('writes a group holding stored records again with a lookup: new ones stored, the rest reported', async () => {
    const stored = aLogRecord();
    const first = await repository.append(stored);
    const group = await repository.appendAll([
      aLogRecord(),
      { ...stored },
      { ...stored, status: 'fail' },
      aLogRecord(),
    ]);
    const seen = group.map((o) => (o instanceof Error ? o.message : [o.status, o.row.seq]));
    const next = first.row.seq + 1;
    expect(seen).toEqual([
      ['stored', next],
      ['duplicate', first.row.seq],
      ['conflict', first.row.seq],
      ['stored', next + 1],
    ]);
    expect(verifyChain(await repository.rowsAfter({ afterSeq: 0, limit: 10_000 }))).toMatchObject({
      valid: true,
    });
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

  it('filters a run by tool, status, trace and time', async () => {
    const runId = randomUUID();
    const trace = randomUUID().replaceAll('-', '');
    const at = (minute: number): string => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const records = [
      aLogRecord({ run_id: runId, tool_name: 'search', status: 'success', timestamp: at(1) }),
      aLogRecord({
        run_id: runId,
        tool_name: 'dom-extraction',
        status: 'fail',
        timestamp: at(2),
        trace_id: trace,
      }),
      aLogRecord({ run_id: runId, tool_name: 'dom-extraction', status: 'success', timestamp: at(3) }),
    ];
    for (const record of records) await repository.append(record);
    const ids = async (filter: Record<string, string>): Promise<string[]> =>
      (await repository.rowsOfRun({ runId, limit: 10, ...filter })).map((r) => r.recordId);
    const [search, failed, extracted] = records.map((r) => r.record_id);
    expect(await ids({ tool: 'dom-extraction' })).toEqual([failed, extracted]);
    expect(await ids({ status: 'fail' })).toEqual([failed]);
    expect(await ids({ traceId: trace })).toEqual([failed]);
    expect(await ids({ since: at(2), until: at(3) })).toEqual([failed]);
    expect(await ids({ since: '2026-11-24T11:01:00+01:00' })).toEqual([search, failed, extracted]);
  });

  it('continues the chain after the database is closed and reopened', async () => {
    const before = await repository.rowsAfter({ afterSeq: 0, limit: 10_000 });
    const last = before.at(-1);
    await repository.close();
    repository = await backend.open();
    const { row } = await repository.append(aLogRecord());
    expect(row.seq).toBe((last?.seq ?? 0) + 1);
    expect(row.prevHash).toBe(last?.hash);
    expect(await repository.health()).toEqual({ ok: true });
  });

  it('migrates once: reopening does not re-run applied migrations', async () => {
    await repository.close();
    repository = await backend.open();
    await repository.close();
    const versions = await backend.select<{ version: number }>(
      'select version from schema_migrations order by version',
    );
    expect(versions).toEqual([{ version: 1 }, { version: 2 }]);
    repository = await backend.open();
  });

  it('reports a closed repository as unhealthy', async () => {
    await repository.close();
    expect(await repository.health()).toEqual({ ok: false, detail: 'database closed' });
    repository = await backend.open();
    expect(await repository.health()).toEqual({ ok: true });
  });
});
