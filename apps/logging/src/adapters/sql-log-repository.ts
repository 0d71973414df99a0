import type { ChainRecord } from '@forage/contracts';
import { GENESIS_TAIL, type AppendOutcome, type ChainRow, type ChainTail } from '../core/chain.js';
import { LogStoreUnavailableError } from '../errors.js';
import {
  appendGroupIn,
  COLUMNS,
  readTail,
  seqOf,
  StoredRecordIdError,
  toChainRow,
  type RowShape,
} from './append-group.js';
import type { ChainLink, LogRepository, RunRowsQuery } from './log-repository.js';
import { migrate } from './migrations.js';
import type { SqlClient } from './sql-client.js';

/**
 * Appends waiting together are written in one transaction (group commit): one lock, one tail
 * read and one multi-row insert for up to this many records.
 */
const MAX_GROUP = 500;
/**
 * A group starts when this many appends wait, or when the oldest has waited GROUP_WINDOW_MS:
 * every transaction costs a fixed five statements (on PGlite about 0.4 ms each, on the event
 * loop), so writing whatever arrived while the last group was in flight (a few dozen records at
 * a time) would spend most of the time on the fixed part. Under light load an append waits at
 * most the window.
 */
const FULL_GROUP = 200;
const GROUP_WINDOW_MS = 15;

interface PendingAppend {
  readonly record: ChainRecord;
  readonly queuedAt: number;
  /** Called once, with the outcome or the error that failed the append. */
  readonly settle: (result: AppendOutcome | Error) => void;
}

/**
 * The log table in PostgreSQL, over any `SqlClient` (PGlite or a server): the one place the
 * repository's SQL lives. Open it with `PgliteLogRepository.open` or `PgLogRepository.open`.
 */
export class SqlLogRepository implements LogRepository {
  /** The tail of this process's writer queue: each group starts when the previous one settled. */
  private writer: Promise<unknown> = Promise.resolve();
  /** Appends waiting for the next group. */
  private readonly pending: PendingAppend[] = [];
  /** Wakes the writer early when a full group is waiting. */
  private wake: (() => void) | undefined;
  private closed = false;
  /** The furthest chain position known to be written: appends never reuse a seq at or before it. */
  private floor: ChainTail = GENESIS_TAIL;

  protected constructor(private readonly db: SqlClient) {}

  /** Migrates the schema, then wraps the client; the client is closed if migrating fails. */
  protected static async migrated(db: SqlClient): Promise<SqlClient> {
    try {
      await migrate(db);
      return db;
    } catch (err) {
      await db.close().catch(() => undefined);
      throw new LogStoreUnavailableError(`log database migration failed: ${messageOf(err)}`, { cause: err });
    }
  }

  keepAbove(position: ChainTail): void {
    if (position.seq > this.floor.seq) this.floor = position;
  }

  async append(record: ChainRecord): Promise<AppendOutcome> {
    const [result] = await this.appendAll([record]);
    if (result === undefined) throw new LogStoreUnavailableError('append produced no outcome');
    if (result instanceof Error) throw result;
    return result;
  }

  appendAll(records: readonly ChainRecord[]): Promise<(AppendOutcome | Error)[]> {
    if (records.length === 0) return Promise.resolve([]);
    return new Promise((resolve) => {
      const results = new Array<AppendOutcome | Error>(records.length);
      let open = records.length;
      const queuedAt = performance.now();
      const wasIdle = this.pending.length === 0;
      records.forEach((record, i) => {
        this.pending.push({
          record,
          queuedAt,
          settle: (result) => {
            results[i] = result;
            if (--open === 0) resolve(results);
          },
        });
      });
      if (wasIdle) this.writer = this.writer.then(() => this.writeGroups());
      else if (this.pending.length >= FULL_GROUP) this.wake?.();
    });
  }

  /**
   * Writes waiting appends in groups until none wait. One process keeps one connection busy with
   * appends instead of every pending append holding a connection while it waits for the lock.
   */
  private async writeGroups(): Promise<void> {
    while (this.pending.length > 0) {
      await this.untilGroupReady();
      const group = this.pending.splice(0, MAX_GROUP);
      try {
        settleGroup(group, await this.writeGroup(group));
      } catch (err) {
        await this.isolate(group, err);
      }
    }
  }

  private writeGroup(group: readonly PendingAppend[]): Promise<AppendOutcome[]> {
    const records = group.map((p) => p.record);
    const write = (probeStored: boolean): Promise<AppendOutcome[]> =>
      this.db.transaction((tx) => appendGroupIn(tx, records, { floor: this.floor, probeStored }));
    return this.guard('append', () =>
      // written as new records first; a redelivered one among them makes it look them up
      write(false).catch((err: unknown) => {
        if (err instanceof StoredRecordIdError) return write(true);
        throw err;
      }),
    ).then((outcomes) => {
      for (const o of outcomes) if (o.status === 'stored') this.keepAbove(o.row);
      return outcomes;
    });
  }

  /**
   * A group's transaction failed. When the database still answers, the failure came from one of
   * its records (a row the database refuses): each is written alone, so only that record fails
   * (and is retried, then dead-lettered, by itself). When it does not answer, the whole group fails.
   */
  private async isolate(group: readonly PendingAppend[], err: unknown): Promise<void> {
    if (group.length === 1 || !(await this.health()).ok) {
      for (const p of group) p.settle(asError(err));
      return;
    }
    for (const p of group) {
      try {
        settleGroup([p], await this.writeGroup([p]));
      } catch (alone) {
        p.settle(asError(alone));
      }
    }
  }

  /** Waits until a full group is pending, the oldest append has waited the window, or the store closes. */
  private async untilGroupReady(): Promise<void> {
    const oldest = this.pending[0];
    if (!oldest || this.closed || this.pending.length >= FULL_GROUP) return;
    const wait = oldest.queuedAt + GROUP_WINDOW_MS - performance.now();
    if (wait <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, wait);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  rowsOfRun(query: RunRowsQuery): Promise<ChainRow[]> {
    return this.guard('query', async () => {
      // the run's rows come from the (run_id, seq) index; the filters read the few rows' bodies
      const rows = await this.db.query<RowShape>(
        `select ${COLUMNS} from log_records
          where run_id = $1
            and ($2::text[] is null or record_id = any($2::text[]))
            and ($3::text is null or body::json->>'tool_name' = $3)
            and ($4::text is null or body::json->>'status' = $4)
            and ($5::text is null or body::json->>'trace_id' = $5)
            and ($6::timestamptz is null or (body::json->>'timestamp')::timestamptz >= $6::timestamptz)
            and ($7::timestamptz is null or (body::json->>'timestamp')::timestamptz < $7::timestamptz)
          order by seq limit $8`,
        [
          query.runId,
          query.recordIds ? [...query.recordIds] : null,
          query.tool ?? null,
          query.status ?? null,
          query.traceId ?? null,
          query.since ?? null,
          query.until ?? null,
          query.limit,
        ],
      );
      return rows.map(toChainRow);
    });
  }

  rowsAfter(page: { afterSeq: number; limit: number }): Promise<ChainRow[]> {
    return this.guard('audit', async () => {
      const rows = await this.db.query<RowShape>(
        `select ${COLUMNS} from log_records where seq > $1 order by seq limit $2`,
        [page.afterSeq, page.limit],
      );
      return rows.map(toChainRow);
    });
  }

  tail(): Promise<ChainTail> {
    return this.guard('query', () => readTail(this.db));
  }

  linksAt(seqs: readonly number[]): Promise<ChainLink[]> {
    if (seqs.length === 0) return Promise.resolve([]);
    return this.guard('query', async () => {
      const rows = await this.db.query<Pick<RowShape, 'seq' | 'hash' | 'prev_hash'>>(
        'select seq, prev_hash, hash from log_records where seq = any($1::bigint[])',
        [[...seqs]],
      );
      return rows.map((r) => ({ seq: seqOf(r.seq), prevHash: r.prev_hash, hash: r.hash }));
    });
  }

  /** Pings the database with a round trip. */
  async health(): Promise<{ ok: boolean; detail?: string }> {
    if (this.closed) return { ok: false, detail: 'database closed' };
    try {
      await this.db.query('select 1');
      return { ok: true };
    } catch (err) {
      return { ok: false, detail: messageOf(err) };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake?.();
    await this.writer;
    await this.db.close();
  }

  private async guard<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw new LogStoreUnavailableError(`log database ${operation} failed: ${messageOf(err)}`, {
        cause: err,
      });
    }
  }
}

function settleGroup(group: readonly PendingAppend[], outcomes: readonly AppendOutcome[]): void {
  group.forEach((p, i) => {
    p.settle(outcomes[i] ?? new LogStoreUnavailableError('append produced no outcome'));
  });
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new LogStoreUnavailableError(String(err));
}

/** A connection failure can be an AggregateError with an empty message (one error per address). */
function messageOf(err: unknown): string {
  if (err instanceof AggregateError && !err.message) return err.errors.map(messageOf).join('; ');
  if (!(err instanceof Error)) return String(err);
  const code = (err as Error & { code?: unknown }).code;
  return err.message || (typeof code === 'string' ? code : err.name);
}
