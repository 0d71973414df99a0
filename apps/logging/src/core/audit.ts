import {
  checkLink,
  startChainCheck,
  verdictOf,
  type ChainCheck,
  type ChainRow,
  type ChainVerdict,
} from './chain.js';

/** Reads the rows after `afterSeq` in seq order, at most `limit` of them. */
export type ReadChainPage = (page: { afterSeq: number; limit: number }) => Promise<readonly ChainRow[]>;

export interface ChainAudit extends ChainVerdict {
  /** Why the chain is broken, for the operator's log; null when valid. */
  readonly reason: string | null;
}

/**
 * Re-verifies the whole chain from the genesis, one page at a time so memory stays flat.
 * It stops at the first broken link: everything after it can no longer be trusted.
 */
export async function auditChain(input: { readPage: ReadChainPage; pageSize: number }): Promise<ChainAudit> {
  let state: ChainCheck = startChainCheck();
  for (;;) {
    const page = await input.readPage({ afterSeq: state.tail.seq, limit: input.pageSize });
    for (const row of page) {
      state = checkLink(state, row);
      if (state.broken) return { ...verdictOf(state), reason: state.broken.reason };
    }
    if (page.length < input.pageSize) return { ...verdictOf(state), reason: null };
  }
}
