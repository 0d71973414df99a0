import { rowContentBreak, type ChainRow, type ChainTail } from './chain.js';
import type { ChainBreak } from './chain-head.js';

/**
 * Checks the rows one query returns without walking the chain: each row hashes to its own hash,
 * and the row after it (or the chain head, for the last row) links to that hash. Editing a row
 * and recomputing its hash breaks the next link; rewriting every later row too moves the head.
 * Work is proportional to the rows returned, not to the table.
 */
export function runRowsBreak(input: {
  rows: readonly ChainRow[];
  /** prev_hash of the row at each seq that follows a returned row, when there is one. */
  nextPrevHash: ReadonlyMap<number, string>;
  head: ChainTail | undefined;
}): ChainBreak | null {
  for (const row of input.rows) {
    const content = rowContentBreak(row);
    if (content) return { seq: row.seq, reason: content };
    const next = input.nextPrevHash.get(row.seq + 1);
    if (next !== undefined && next !== row.hash) {
      return {
        seq: row.seq,
        reason: `the row after seq ${row.seq} links to another hash (the row was rewritten)`,
      };
    }
    if (next === undefined && input.head?.seq === row.seq && input.head.hash !== row.hash) {
      return {
        seq: row.seq,
        reason: `the row at the chain head (seq ${row.seq}) has another hash than the head recorded`,
      };
    }
  }
  return null;
}
