import type { ChainTail } from './chain.js';

/** A broken spot in the chain: its first sequence number and why. */
export interface ChainBreak {
  readonly seq: number;
  readonly reason: string;
}

/**
 * Compares the head kept outside the database (advanced after every append) with the table. The
 * table may be ahead of the head (the head is written just after the commit), never behind it:
 * fewer rows than the head says is a truncated tail, another hash at the head's place is a
 * rewritten one.
 */
export function headBreak(input: {
  head: ChainTail | undefined;
  dbTail: ChainTail;
  rowAtHead: ChainTail | undefined;
}): ChainBreak | null {
  const { head, dbTail, rowAtHead } = input;
  if (!head || head.seq === 0) return null;
  if (dbTail.seq < head.seq) {
    return {
      seq: dbTail.seq + 1,
      reason: `truncated: the chain head is at seq ${head.seq} but the table ends at seq ${dbTail.seq}`,
    };
  }
  if (rowAtHead?.hash !== head.hash) {
    return {
      seq: head.seq,
      reason: `the row at the chain head (seq ${head.seq}) has another hash than the head recorded`,
    };
  }
  return null;
}

/**
 * Compares the last verified position kept outside the database with the row now at that seq.
 * Verified rows never change: a missing row is a deletion below the head (which new rows would
 * otherwise hide, since they link past the gap), another hash a rewrite.
 */
export function verifiedBreak(input: {
  verified: ChainTail;
  rowAtVerified: ChainTail | undefined;
}): ChainBreak | null {
  const { verified, rowAtVerified } = input;
  if (verified.seq === 0) return null;
  if (!rowAtVerified) {
    return {
      seq: verified.seq,
      reason: `the last verified row (seq ${verified.seq}) is gone: rows were deleted`,
    };
  }
  if (rowAtVerified.hash !== verified.hash) {
    return {
      seq: verified.seq,
      reason: `the last verified row (seq ${verified.seq}) has another hash than when it was verified`,
    };
  }
  return null;
}

/** The later of two chain positions (undefined counts as nothing yet). */
export function laterTail(a: ChainTail | undefined, b: ChainTail | undefined): ChainTail | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.seq > a.seq ? b : a;
}
