import { hash } from 'node:crypto';
import type { ChainRecord } from '@forage/contracts';
import { canonicalJson } from '@forage/evidence';

/** prev_hash of the first row: the chain starts from a known, all-zero hash. */
export const GENESIS_HASH = '0'.repeat(64);

/** The end of the chain a new row links to; `seq` 0 means the chain is empty. */
export interface ChainTail {
  readonly seq: number;
  readonly hash: string;
}

export const GENESIS_TAIL: ChainTail = { seq: 0, hash: GENESIS_HASH };

/** One stored row of the chain; `body` is the canonical JSON of the record, byte for byte as hashed. */
export interface ChainRow {
  readonly seq: number;
  readonly recordId: string;
  readonly runId: string;
  readonly prevHash: string;
  readonly hash: string;
  readonly body: string;
}

/** What happened to a record handed to `append`. */
export type AppendOutcome =
  | { readonly status: 'stored'; readonly row: ChainRow }
  /** Already stored with the same content (a redelivery): nothing written. */
  | { readonly status: 'duplicate'; readonly row: ChainRow }
  /** Already stored under the same id with different content: nothing written. */
  | { readonly status: 'conflict'; readonly row: ChainRow };

/** The verdict on a chain: `checked` links were intact; `brokenAtSeq` is the first one that was not. */
export interface ChainVerdict {
  readonly valid: boolean;
  readonly checked: number;
  readonly brokenAtSeq: number | null;
}

/** Progress of a chain check, so a long chain can be verified page by page. */
export interface ChainCheck {
  readonly tail: ChainTail;
  readonly checked: number;
  readonly broken: { readonly seq: number; readonly reason: string } | null;
}

/** sha256(prev_hash + canonical JSON of the record), as lowercase hex (one-shot: no Hash object per row). */
export function linkHash(prevHash: string, body: string): string {
  return hash('sha256', prevHash + body, 'hex');
}

/** The row that appends `record` after `tail`. */
export function appendLink(tail: ChainTail, record: ChainRecord): ChainRow {
  const body = canonicalJson(record);
  return {
    seq: tail.seq + 1,
    recordId: record.record_id,
    runId: record.run_id,
    prevHash: tail.hash,
    hash: linkHash(tail.hash, body),
    body,
  };
}

export function startChainCheck(): ChainCheck {
  return { tail: GENESIS_TAIL, checked: 0, broken: null };
}

/**
 * Checks the next row against the chain so far. A row is intact when it comes right after the
 * tail (no gap, no swap), links to the tail's hash, hashes to its own stored hash, and its
 * indexed columns say what its body says (so a record cannot be hidden from its run's queries).
 */
export function checkLink(state: ChainCheck, row: ChainRow): ChainCheck {
  if (state.broken) return state;
  const reason = brokenLinkReason(state.tail, row);
  if (reason) return { ...state, broken: { seq: row.seq, reason } };
  return { tail: { seq: row.seq, hash: row.hash }, checked: state.checked + 1, broken: null };
}

function brokenLinkReason(tail: ChainTail, row: ChainRow): string | undefined {
  if (row.seq !== tail.seq + 1)
    return `expected seq ${tail.seq + 1}, found ${row.seq} (a row was deleted or moved)`;
  if (row.prevHash !== tail.hash)
    return 'prev_hash does not match the previous row (a row was deleted, moved or rewritten)';
  return rowContentBreak(row);
}

/** Why a row's content disagrees with its own hash or indexed columns; undefined when it agrees. */
export function rowContentBreak(row: ChainRow): string | undefined {
  if (linkHash(row.prevHash, row.body) !== row.hash)
    return 'hash does not match the row content (the row was edited)';
  if (!columnsMatchBody(row)) return 'record_id or run_id columns disagree with the stored record';
  return undefined;
}

function columnsMatchBody(row: ChainRow): boolean {
  try {
    const parsed = JSON.parse(row.body) as { record_id?: unknown; run_id?: unknown };
    return parsed.record_id === row.recordId && parsed.run_id === row.runId;
  } catch {
    return false;
  }
}

export function verdictOf(state: ChainCheck): ChainVerdict {
  return { valid: state.broken === null, checked: state.checked, brokenAtSeq: state.broken?.seq ?? null };
}

/** Verifies a whole chain held in memory, from the genesis. */
export function verifyChain(rows: Iterable<ChainRow>): ChainVerdict {
  let state = startChainCheck();
  for (const row of rows) {
    state = checkLink(state, row);
    if (state.broken) break;
  }
  return verdictOf(state);
}
