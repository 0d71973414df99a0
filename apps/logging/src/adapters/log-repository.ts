import type { ChainRecord } from '@forage/contracts';
import type { AppendOutcome, ChainRow, ChainTail } from '../core/chain.js';

/** Where one row sits in the chain, without its body. */
export interface ChainLink extends ChainTail {
  readonly prevHash: string;
}

/** Which rows of a run a query wants; unset fields do not filter. */
export interface RunRowsQuery {
  readonly runId: string;
  readonly recordIds?: readonly string[];
  readonly tool?: string;
  readonly status?: string;
  readonly traceId?: string;
  /** ISO times: records stamped at or after `since` and before `until`. */
  readonly since?: string;
  readonly until?: string;
  readonly limit: number;
}

/**
 * The log table, behind the one interface the service needs. Implementations serialise appends
 * (one writer), so every row links to the row before it.
 */
export interface LogRepository {
  append(record: ChainRecord): Promise<AppendOutcome>;
  /**
   * Appends the records in order (in as few transactions as the group size allows); one entry per
   * record: its outcome, or the error that failed it (the others are unaffected).
   */
  appendAll(records: readonly ChainRecord[]): Promise<(AppendOutcome | Error)[]>;
  /**
   * A chain position known to be written (the head kept outside the database): later appends
   * never reuse a seq at or before it, even if the table's tail was deleted meanwhile.
   */
  keepAbove(position: ChainTail): void;
  /** Rows of one run in chain order, optionally only the given record ids and those matching the filter. */
  rowsOfRun(query: RunRowsQuery): Promise<ChainRow[]>;
  /** Rows after `afterSeq` in chain order, for verifying the chain page by page. */
  rowsAfter(page: { afterSeq: number; limit: number }): Promise<ChainRow[]>;
  /** The last row's place in the chain; seq 0 when the table is empty. */
  tail(): Promise<ChainTail>;
  /** seq, prev_hash and hash of the rows at the given seqs (those that exist). */
  linksAt(seqs: readonly number[]): Promise<ChainLink[]>;
  health(): Promise<{ ok: boolean; detail?: string }>;
  close(): Promise<void>;
}
