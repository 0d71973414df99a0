import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { LogRecord } from '@forage/contracts';
import { appendLink, GENESIS_TAIL, type ChainRow } from '../core/chain.js';
import { LogStoreUnavailableError } from '../errors.js';
import { MEMORY_DATA_DIR } from '../config.js';
import type { AppendOutcome, LogRepository } from './log-repository.js';
import { migrate } from './migrations.js';

interface RowShape {
  seq: number;
  record_id: string;
  run_id: string;
  prev_hash: string;
  hash: string;
  body: string;
}

const COLUMNS = 'seq, record_id, run_id, prev_hash, hash, body';
/** Held for the whole append, so writers in other processes sharing the database queue up too. */
const WRITER_LOCK = 7_808_002;

/** The log table on PGlite: the same SQL as PostgreSQL, embedded, in a data directory. */
export class PgliteLogRepository implements LogRepository {
  /** The tail of the single-writer queue: each append starts when the previous one settled. */
  private writer: Promise<unknown> = Promise.resolve();

  private constructor(private readonly db: PGlite) {}

  /** Opens (creating if needed) the database in `dataDir` and migrates it. */
  static async open(dataDir: string): Promise<PgliteLogRepository> {
    if (dataDir !== MEMORY_DATA_DIR) mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create(dataDir);
    await migrate(db);
    return new PgliteLogRepository(db);
  }

  append(record: LogRecord): Promise<AppendOutcome> {
    const next = this.writer.then(() =>
      this.guard('append', () => this.db.transaction((tx) => appendIn(tx, record))),
    );
    this.writer = next.catch(() => undefined);
    return next;
  }

  rowsOfRun(query: { runId: string; recordIds?: readonly string[]; limit: number }): Promise<ChainRow[]> {
    return this.guard('query', async () => {
      const result = query.recordIds
        ? await this.db.query<RowShape>(
            `select ${COLUMNS} from log_records where run_id = $1 and record_id = any($2::text[]) order by seq limit $3`,
            [query.runId, [...query.recordIds], query.limit],
          )
        : await this.db.query<RowShape>(
            `select ${COLUMNS} from log_records where run_id = $1 order by seq limit $2`,
            [query.runId, query.limit],
          );
      return result.rows.map(toChainRow);
    });
  }

  rowsAfter(page: { afterSeq: number; limit: number }): Promise<ChainRow[]> {
    return this.guard('audit', async () => {
      const result = await this.db.query<RowShape>(
        `select ${COLUMNS} from log_records where seq > $1 order by seq limit $2`,
        [page.afterSeq, page.limit],
      );
      return result.rows.map(toChainRow);
    });
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    if (this.db.closed) return { ok: false, detail: 'database closed' };
    try {
      await this.db.query('select 1');
      return { ok: true };
    } catch (err) {
      return { ok: false, detail: err instanceof Error ? err.message : String(err) };
    }
  }

  async close(): Promise<void> {
    await this.writer;
    if (!this.db.closed) await this.db.close();
  }

  private async guard<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw new LogStoreUnavailableError(
        `log database ${operation} failed: ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
        },
      );
    }
  }
}

async function appendIn(tx: Transaction, record: LogRecord): Promise<AppendOutcome> {
  await tx.query('select pg_advisory_xact_lock($1)', [WRITER_LOCK]);
  const existing = (
    await tx.query<RowShape>(`select ${COLUMNS} from log_records where record_id = $1`, [record.record_id])
  ).rows[0];
  const last = (await tx.query<RowShape>(`select ${COLUMNS} from log_records order by seq desc limit 1`))
    .rows[0];
  const row = appendLink(last ? { seq: last.seq, hash: last.hash } : GENESIS_TAIL, record);
  if (existing) {
    const stored = toChainRow(existing);
    return { status: stored.body === row.body ? 'duplicate' : 'conflict', row: stored };
  }
  await tx.query(`insert into log_records (${COLUMNS}) values ($1, $2, $3, $4, $5, $6)`, [
    row.seq,
    row.recordId,
    row.runId,
    row.prevHash,
    row.hash,
    row.body,
  ]);
  return { status: 'stored', row };
}

function toChainRow(row: RowShape): ChainRow {
  return {
    seq: row.seq,
    recordId: row.record_id,
    runId: row.run_id,
    prevHash: row.prev_hash,
    hash: row.hash,
    body: row.body,
  };
}
