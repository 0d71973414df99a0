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
    const rows = buildChain(5);
    const { readPage, reads } = pagesOf(rows);
    await expect(auditChain({ readPage, pageSize: 2 })).resolves.toEqual({
      valid: true,
      checked: 5,
      brokenAtSeq: null,
      reason: null,
      tail: { seq: 5, hash: rows[4]?.hash },
      partial: false,
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

  it('resumes from a checkpoint and reads only the rows after it', async () => {
    const rows = buildChain(6);
    const checkpoint = rows[3];
    if (!checkpoint) throw new Error('chain too short');
    const { readPage, reads } = pagesOf(rows);
    const audit = await auditChain({ readPage, pageSize: 10, from: { seq: 4, hash: checkpoint.hash } });
    expect(audit).toMatchObject({ valid: true, checked: 6, tail: { seq: 6 } });
    expect(reads).toEqual([4]);
  });

  it('breaks at the first row after a checkpoint whose hash the table no longer has', async () => {
    const rows = buildChain(6);
    const { readPage } = pagesOf(rows);
    const audit = await auditChain({ readPage, pageSize: 10, from: { seq: 4, hash: 'f'.repeat(64) } });
    expect(audit).toMatchObject({ valid: false, brokenAtSeq: 5 });
  });

  it('stops after maxRows and says the audit is partial, so the next one resumes there', async () => {
    const rows = buildChain(7);
    const { readPage } = pagesOf(rows);
    const first = await auditChain({ readPage, pageSize: 2, maxRows: 3 });
    expect(first).toMatchObject({ valid: true, checked: 3, partial: true, tail: { seq: 3 } });
    const second = await auditChain({ readPage, pageSize: 2, from: first.tail, maxRows: 10 });
    expect(second).toMatchObject({ valid: true, checked: 7, partial: false });
  });
});
