import { aLogRecord } from '@forage/testing';
import { AnomalyFinder } from './anomalies.js';
import { appendLink, GENESIS_TAIL, linkHash, type ChainRow } from './chain.js';

function chain(length: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let tail = GENESIS_TAIL;
  for (let i = 0; i < length; i++) rows.push((tail = appendLink(tail, aLogRecord())));
  return rows;
}

/** Runs the finder over `table` with the head as the service last recorded it (the original last row). */
function audit(table: ChainRow[], original: ChainRow[]): { kind: string; seq: number; toSeq: number }[] {
  const finder = new AnomalyFinder(GENESIS_TAIL);
  for (const row of table) finder.add(row);
  const head = original.at(-1);
  const rowAtHead = head ? table.find((r) => r.seq === head.seq) : undefined;
  return finder.finish({ head, rowAtHead }).map(({ kind, seq, toSeq }) => ({ kind, seq, toSeq }));
}

const renumber = (rows: ChainRow[]): ChainRow[] => rows.map((r, i) => ({ ...r, seq: i + 1 }));
const at = (rows: ChainRow[], i: number): ChainRow => {
  const row = rows[i];
  if (!row) throw new Error(`no row ${i}`);
  return row;
};

describe('AnomalyFinder: names every anomaly of the table by seq', () => {
  it('finds nothing in an intact chain', () => {
    const rows = chain(6);
    expect(audit(rows, rows)).toEqual([]);
  });

  it('reports an edited row (content no longer matches its hash)', () => {
    const rows = chain(5);
    const table = [...rows];
    table[2] = { ...at(rows, 2), body: at(rows, 2).body.replace('"success"', '"fail"') };
    expect(audit(table, rows)).toEqual([{ kind: 'edited', seq: 3, toSeq: 3 }]);
  });

  it('reports an edited row whose hash was recomputed, by the next row still linking to the old hash', () => {
    const rows = chain(5);
    const table = [...rows];
    const body = at(rows, 1).body.replace('"success"', '"fail"');
    table[1] = { ...at(rows, 1), body, hash: linkHash(at(rows, 1).prevHash, body) };
    expect(audit(table, rows)).toEqual([{ kind: 'edited', seq: 2, toSeq: 2 }]);
  });

  it('reports deleted rows (a gap in seq) as a range', () => {
    const rows = chain(7);
    const table = rows.filter((r) => r.seq !== 3 && r.seq !== 4);
    expect(audit(table, rows)).toEqual([{ kind: 'deleted', seq: 3, toSeq: 4 }]);
  });

  it('reports a deleted row when the rest were renumbered, and the missing tail', () => {
    const rows = chain(5);
    const table = renumber(rows.filter((r) => r.seq !== 3));
    expect(audit(table, rows)).toEqual([
      { kind: 'deleted', seq: 3, toSeq: 3 },
      { kind: 'truncated', seq: 5, toSeq: 5 },
    ]);
  });

  it('reports two swapped rows as reordered', () => {
    const rows = chain(6);
    const table = [...rows];
    table[2] = { ...at(rows, 3), seq: 3 };
    table[3] = { ...at(rows, 2), seq: 4 };
    expect(audit(table, rows)).toEqual([{ kind: 'reordered', seq: 3, toSeq: 4 }]);
  });

  it('reports a row inserted in the middle (the rest renumbered)', () => {
    const rows = chain(5);
    const forged = appendLink(at(rows, 1), aLogRecord());
    const table = renumber([...rows.slice(0, 2), forged, ...rows.slice(2)]);
    expect(audit(table, rows)).toEqual([{ kind: 'inserted', seq: 3, toSeq: 3 }]);
  });

  it('reports a truncated tail against the head kept outside the database', () => {
    const rows = chain(6);
    expect(audit(rows.slice(0, 4), rows)).toEqual([{ kind: 'truncated', seq: 5, toSeq: 6 }]);
  });

  it('reports a rewritten last row by the head', () => {
    const rows = chain(3);
    const last = at(rows, 2);
    const body = last.body.replace('"success"', '"fail"');
    const table = [...rows.slice(0, 2), { ...last, body, hash: linkHash(last.prevHash, body) }];
    expect(audit(table, rows)).toEqual([{ kind: 'edited', seq: 3, toSeq: 3 }]);
  });

  it('starts after a given link (--from) and reports from there only', () => {
    const rows = chain(6);
    const table = [...rows];
    table[4] = { ...at(rows, 4), body: at(rows, 4).body.replace('"success"', '"fail"') };
    const finder = new AnomalyFinder({ seq: 3, hash: at(rows, 2).hash });
    for (const row of table.slice(3)) finder.add(row);
    expect(finder.finish({ head: rows.at(-1), rowAtHead: rows.at(-1) }).map((a) => [a.kind, a.seq])).toEqual([
      ['edited', 5],
    ]);
    expect(finder.rows).toBe(3);
  });
});
