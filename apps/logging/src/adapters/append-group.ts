import type { ChainRecord } from '@forage/contracts';
import {
  appendLink,
  GENESIS_TAIL,
  type AppendOutcome,
  type ChainRow,
  type ChainTail,
} from '../core/chain.js';
import { LogStoreUnavailableError } from '../errors.js';
import type { SqlSession } from './sql-client.js';

/** One group of appends in one transaction: the log table's write path, shared by PGlite and PostgreSQL. */

export interface RowShape {
  /** `bigint`: PGlite returns a number, `pg` a decimal string. */
  seq: number | string;
  record_id: string;
  run_id: string;
  prev_hash: string;
  hash: string;
  body: string;
}

export const COLUMNS = 'seq, record_id, run_id, prev_hash, hash, body';
/**
 * Held for the whole append transaction (read tail → insert), so writers in other processes
 * sharing the database (several logging replicas) queue up too and the chain cannot fork.
 */
const WRITER_LOCK = 7_808_002;

/**
 * A record of the group is already stored under its id: the group was written without looking
 * its ids up first, and has to be written again with the lookup (`probeStored`).
 */
export class StoredRecordIdError extends Error {
  override readonly name = 'StoredRecordIdError';
}

/**
 * A group of appends, inside one transaction. The advisory lock comes first; under READ COMMITTED
 * every later statement sees what the previous lock holder committed, so the tail read here is
 * the real tail and the duplicate check sees a record another replica just stored.
 *
 * `floor` is the furthest chain position known to have been written (the chain head kept outside
 * the database, or this writer's own last row). A table ending before it lost its tail: the group
 * continues after the floor, so the deleted sequence numbers stay a visible gap and are never
 * reused by new rows (reusing them would make a truncation undetectable once new records arrive).
 *
 * With `probeStored` the group's ids are looked up first, so a record already stored comes back
 * as a duplicate (same content) or a conflict. Without it, the group is written as new: almost
 * every group is (a stored id means a redelivery), and the lookup was a sixth of the write. The
 * unique index still refuses a stored id; that throws `StoredRecordIdError`, and the transaction
 * rolls back, for the group to be written again with the lookup.
 */
export async function appendGroupIn(
  tx: SqlSession,
  records: readonly ChainRecord[],
  options: { floor?: ChainTail; probeStored: boolean },
): Promise<AppendOutcome[]> {
  await tx.query('select pg_advisory_xact_lock($1)', [WRITER_LOCK]);
  const { known, tableTail } = options.probeStored
    ? await storedAndTail(tx, records)
    : { known: new Map<string, ChainRow>(), tableTail: await readTail(tx) };
  const floor = options.floor ?? GENESIS_TAIL;
  let tail = floor.seq > tableTail.seq ? floor : tableTail;
  const inserted: ChainRow[] = [];
  const outcomes = records.map((record): AppendOutcome => {
    const row = appendLink(tail, record);
    const stored = known.get(record.record_id);
    if (stored) return { status: stored.body === row.body ? 'duplicate' : 'conflict', row: stored };
    known.set(record.record_id, row);
    inserted.push(row);
    tail = row;
    return { status: 'stored', row };
  });
  if (inserted.length === 0) return outcomes;
  try {
    await insertRows(tx, inserted);
  } catch (err) {
    if (!options.probeStored && isUniqueViolation(err))
      throw new StoredRecordIdError('a record of the group is already stored', { cause: err });
    throw err;
  }
  return outcomes;
}

/** The group's ids already stored, and the tail, in one statement (each statement has a fixed cost). */
async function storedAndTail(
  tx: SqlSession,
  records: readonly ChainRecord[],
): Promise<{ known: Map<string, ChainRow>; tableTail: ChainTail }> {
  const found = await tx.query<RowShape & { is_tail: boolean }>(
    `(select ${COLUMNS}, false as is_tail from log_records where record_id = any($1::text[]))
     union all
     (select seq, record_id, run_id, prev_hash, hash, '' as body, true as is_tail
        from log_records order by seq desc limit 1)`,
    [records.map((r) => r.record_id)],
  );
  const last = found.find((r) => r.is_tail);
  return {
    known: new Map(found.filter((r) => !r.is_tail).map((r) => [r.record_id, toChainRow(r)])),
    tableTail: last ? { seq: seqOf(last.seq), hash: last.hash } : GENESIS_TAIL,
  };
}

/** The last row's position: the genesis when the table is empty. */
export async function readTail(tx: SqlSession): Promise<ChainTail> {
  const [last] = await tx.query<Pick<RowShape, 'seq' | 'hash'>>(
    'select seq, hash from log_records order by seq desc limit 1',
  );
  return last ? { seq: seqOf(last.seq), hash: last.hash } : GENESIS_TAIL;
}

/** SQLSTATE 23505, as both PGlite and `pg` report it. */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

async function insertRows(tx: SqlSession, rows: readonly ChainRow[]): Promise<void> {
  if (tx.copyRows) {
    await tx.copyRows({
      table: 'log_records',
      columns: COLUMNS.split(', '),
      rows: rows.map((r) => [String(r.seq), r.recordId, r.runId, r.prevHash, r.hash, r.body]),
    });
    return;
  }
  // One JSON parameter, parsed once by the server: V8 writes it natively, where `pg` would escape
  // six text arrays in JavaScript (a third of the write path's CPU at 500 rows).
  await tx.query(
    `insert into log_records (${COLUMNS})
     select * from json_to_recordset($1::json)
       as r(seq bigint, record_id text, run_id text, prev_hash text, hash text, body text)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          seq: r.seq,
          record_id: r.recordId,
          run_id: r.runId,
          prev_hash: r.prevHash,
          hash: r.hash,
          body: r.body,
        })),
      ),
    ],
  );
}

export function toChainRow(row: RowShape): ChainRow {
  return {
    seq: seqOf(row.seq),
    recordId: row.record_id,
    runId: row.run_id,
    prevHash: row.prev_hash,
    hash: row.hash,
    body: row.body,
  };
}

export function seqOf(value: number | string): number {
  const seq = Number(value);
  if (!Number.isSafeInteger(seq))
    throw new LogStoreUnavailableError(`seq ${String(value)} is not a safe integer`);
  return seq;
}
