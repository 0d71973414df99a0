import { aLogRecord } from '@forage/testing';
import { auditChain, type ReadChainPage } from './audit.js';
import { appendLink, GENESIS_TAIL, type ChainRow } from './chain.js';

function buildChain(length: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let tail = GENESIS_TAIL;
  for (let i = 0; i < length; i++) {
    const row = appendLink(tail, aLogRecord());
    rows.push(row);
    tail = row;
  }
  return rows;
}

function pagesOf(rows: ChainRow[]): { readPage: ReadChainPage; reads: number[] } {
  const reads: number[] = [];
  const readPage: ReadChainPage = ({ afterSeq, limit }) => {
    reads.push(afterSeq);
    return Promise.resolve(rows.filter((r) => r.seq > afterSeq).slice(0, limit));
  };
  return { readPage, reads };
}

describe('auditChain', () => {
  it('verifies a chain longer than one page, page by page from the genesis', async () => {
    const { readPage, reads } = pagesOf(buildChain(5));
    await expect(auditChain({ readPage, pageSize: 2 })).resolves.toEqual({
      valid: true,
      checked: 5,
      brokenAtSeq: null,
      reason: null,
    });
    expect(reads).toEqual([0, 2, 4]);
  });

  it('reads one more page when the chain length is a multiple of the page size', async () => {
    const { readPage, reads } = pagesOf(buildChain(4));
    await expect(auditChain({ readPage, pageSize: 2 })).resolves.toMatchObject({ valid: true, checked: 4 });
    expect(reads).toEqual([0, 2, 4]);
  });

  it('stops at the first broken link, in a later page, and says why', async () => {
    const rows = buildChain(6);
    const third = rows[2];
    if (!third) throw new Error('chain too short');
    rows[2] = { ...third, body: third.body.replace('"test"', '"forged"') };
    const { readPage, reads } = pagesOf(rows);
    const audit = await auditChain({ readPage, pageSize: 2 });
    expect(audit).toMatchObject({ valid: false, checked: 2, brokenAtSeq: 3 });
    expect(audit.reason).toMatch(/edited/);
    expect(reads).toEqual([0, 2]);
  });
});
