import { createHash, randomUUID } from 'node:crypto';
import { aLogRecord } from '@forage/testing';
import { appendLink, GENESIS_HASH, GENESIS_TAIL, linkHash, verifyChain, type ChainRow } from './chain.js';
import { canonicalJson } from '@forage/evidence';

function buildChain(length: number): ChainRow[] {
  const runId = randomUUID();
  const rows: ChainRow[] = [];
  let tail = GENESIS_TAIL;
  for (let i = 0; i < length; i++) {
    const row = appendLink(tail, aLogRecord({ run_id: runId, task_id: `task-${i}` }));
    rows.push(row);
    tail = { seq: row.seq, hash: row.hash };
  }
  return rows;
}

function at(rows: ChainRow[], index: number): ChainRow {
  const row = rows[index];
  if (!row) throw new Error(`no row at ${index}`);
  return row;
}

describe('the log hash chain', () => {
  it('links by sha256 over prev_hash then the body, as every stored chain was hashed', () => {
    // a fixed vector: rows already stored must keep verifying whatever computes the hash
    expect(linkHash(GENESIS_HASH, '{"a":1}')).toBe(
      createHash('sha256').update(GENESIS_HASH).update('{"a":1}').digest('hex'),
    );
    // sha256('abc'), the FIPS 180-2 test vector
    expect(linkHash('ab', 'c')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('links the first record to the genesis hash and hashes prev_hash + canonical JSON', () => {
    const record = aLogRecord();
    const row = appendLink(GENESIS_TAIL, record);
    expect(row.seq).toBe(1);
    expect(row.prevHash).toBe(GENESIS_HASH);
    expect(row.body).toBe(canonicalJson(record));
    expect(row.hash).toBe(linkHash(GENESIS_HASH, canonicalJson(record)));
    expect(row.hash).toMatch(/^[a-f0-9]{64}$/);
  });

  it('gives each row the previous row hash as prev_hash and a seq one higher', () => {
    const rows = buildChain(3);
    expect(at(rows, 1).prevHash).toBe(at(rows, 0).hash);
    expect(at(rows, 2).prevHash).toBe(at(rows, 1).hash);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('accepts an untouched chain and an empty one', () => {
    expect(verifyChain(buildChain(5))).toEqual({ valid: true, checked: 5, brokenAtSeq: null });
    expect(verifyChain([])).toEqual({ valid: true, checked: 0, brokenAtSeq: null });
  });

  it('detects an edited record at the row that was edited', () => {
    const rows = buildChain(4);
    rows[1] = { ...at(rows, 1), body: at(rows, 1).body.replace('"success"', '"fail"') };
    expect(verifyChain(rows)).toEqual({ valid: false, checked: 1, brokenAtSeq: 2 });
  });

  it('detects an edited record whose hash was recomputed, at the next row', () => {
    const rows = buildChain(4);
    const body = at(rows, 1).body.replace('"success"', '"fail"');
    rows[1] = { ...at(rows, 1), body, hash: linkHash(at(rows, 1).prevHash, body) };
    expect(verifyChain(rows)).toEqual({ valid: false, checked: 2, brokenAtSeq: 3 });
  });

  it('detects a deleted row at the row after the gap', () => {
    const rows = buildChain(4);
    rows.splice(1, 1);
    expect(verifyChain(rows)).toEqual({ valid: false, checked: 1, brokenAtSeq: 3 });
  });

  it('detects a deleted row even when later rows were renumbered to close the gap', () => {
    const rows = buildChain(4);
    rows.splice(1, 1);
    const renumbered = rows.map((row, i) => ({ ...row, seq: i + 1 }));
    expect(verifyChain(renumbered)).toEqual({ valid: false, checked: 1, brokenAtSeq: 2 });
  });

  it('detects two rows whose seq values were swapped', () => {
    const rows = buildChain(4);
    const swapped = [at(rows, 0), { ...at(rows, 2), seq: 2 }, { ...at(rows, 1), seq: 3 }, at(rows, 3)];
    expect(verifyChain(swapped)).toEqual({ valid: false, checked: 1, brokenAtSeq: 2 });
  });

  it('detects rows delivered out of seq order', () => {
    const rows = buildChain(4);
    expect(verifyChain([at(rows, 0), at(rows, 2), at(rows, 1), at(rows, 3)])).toEqual({
      valid: false,
      checked: 1,
      brokenAtSeq: 3,
    });
  });

  it('detects a record moved to another run by editing only its run_id column', () => {
    const rows = buildChain(3);
    rows[2] = { ...at(rows, 2), runId: randomUUID() };
    expect(verifyChain(rows)).toEqual({ valid: false, checked: 2, brokenAtSeq: 3 });
  });
});
