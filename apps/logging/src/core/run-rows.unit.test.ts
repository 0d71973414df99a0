import { aLogRecord } from '@forage/testing';
import { appendLink, GENESIS_TAIL, linkHash, type ChainRow } from './chain.js';
import { runRowsBreak } from './run-rows.js';

function chain(length: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let tail = GENESIS_TAIL;
  for (let i = 0; i < length; i++) rows.push((tail = appendLink(tail, aLogRecord())));
  return rows;
}

const nextLinks = (rows: ChainRow[]): Map<number, string> => new Map(rows.map((r) => [r.seq, r.prevHash]));

describe('runRowsBreak: the rows a query returns, checked without walking the chain', () => {
  it('accepts intact rows linked to by their successors and the head', () => {
    const rows = chain(4);
    const head = rows[3];
    expect(
      runRowsBreak({ rows: [rows[1], rows[3]].flatMap((r) => r ?? []), nextPrevHash: nextLinks(rows), head }),
    ).toBeNull();
  });

  it('finds an edited row whose hash was not recomputed', () => {
    const rows = chain(3);
    const second = rows[1];
    if (!second) throw new Error('short chain');
    const edited = { ...second, body: second.body.replace('"success"', '"fail"') };
    expect(runRowsBreak({ rows: [edited], nextPrevHash: nextLinks(rows), head: rows[2] })).toMatchObject({
      seq: 2,
    });
  });

  it('finds an edited row whose hash was recomputed: its successor still links to the old hash', () => {
    const rows = chain(3);
    const second = rows[1];
    if (!second) throw new Error('short chain');
    const body = second.body.replace('"success"', '"fail"');
    const rewritten = { ...second, body, hash: linkHash(second.prevHash, body) };
    const broken = runRowsBreak({ rows: [rewritten], nextPrevHash: nextLinks(rows), head: rows[2] });
    expect(broken).toMatchObject({ seq: 2 });
    expect(broken?.reason).toMatch(/rewritten/);
  });

  it('finds a rewritten last row by the head kept outside the database', () => {
    const rows = chain(2);
    const last = rows[1];
    if (!last) throw new Error('short chain');
    const body = last.body.replace('"success"', '"fail"');
    const rewritten = { ...last, body, hash: linkHash(last.prevHash, body) };
    expect(runRowsBreak({ rows: [rewritten], nextPrevHash: new Map(), head: last })).toMatchObject({
      seq: 2,
    });
  });
});
