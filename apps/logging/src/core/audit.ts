import {
  checkLink,
  startChainCheck,
  verdictOf,
  type ChainCheck,
  type ChainRow,
  type ChainTail,
  type ChainVerdict,
} from './chain.js';

/** Reads the rows after `afterSeq` in seq order, at most `limit` of them. */
export type ReadChainPage = (page: { afterSeq: number; limit: number }) => Promise<readonly ChainRow[]>;

export interface ChainAudit extends ChainVerdict {
  /** Why the chain is broken, for the operator's log; null when valid. */
  readonly reason: string | null;
  /** The last intact link reached: where the next audit can resume. */
  readonly tail: ChainTail;
  /** True when `maxRows` stopped the audit before the end of the table. */
  readonly partial: boolean;
}

/**
 * Verifies the chain one page at a time so memory stays flat: from the genesis, or from a
 * checkpoint `from` (a link verified earlier, trusted because it is kept outside the database).
 * It stops at the first broken link (everything after it can no longer be trusted) or after
 * `maxRows` rows, so one call's work is bounded however long the table is.
 */
export async function auditChain(input: {
  readPage: ReadChainPage;
  pageSize: number;
  from?: ChainTail;
  maxRows?: number;
}): Promise<ChainAudit> {
  let state: ChainCheck = input.from
    ? { tail: input.from, checked: input.from.seq, broken: null }
    : startChainCheck();
  const stopAt = state.checked + (input.maxRows ?? Number.POSITIVE_INFINITY);
  for (;;) {
    const limit = Math.min(input.pageSize, Math.max(1, stopAt - state.checked));
    const page = await input.readPage({ afterSeq: state.tail.seq, limit });
    for (const row of page) {
      state = checkLink(state, row);
      if (state.broken)
        return { ...verdictOf(state), reason: state.broken.reason, tail: state.tail, partial: false };
    }
    if (page.length < limit) return { ...verdictOf(state), reason: null, tail: state.tail, partial: false };
    if (state.checked >= stopAt)
      return { ...verdictOf(state), reason: null, tail: state.tail, partial: true };
  }
}
