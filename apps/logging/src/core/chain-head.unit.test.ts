import { headBreak, laterTail } from './chain-head.js';

const hash = (c: string): string => c.repeat(64);

describe('headBreak: the head kept outside the database against the table', () => {
  it('accepts a table that ends at the head, or has moved past it (the head is written after commit)', () => {
    const head = { seq: 10, hash: hash('a') };
    expect(headBreak({ head, dbTail: head, rowAtHead: head })).toBeNull();
    expect(headBreak({ head, dbTail: { seq: 12, hash: hash('c') }, rowAtHead: head })).toBeNull();
  });

  it('accepts any table before the first append', () => {
    expect(
      headBreak({ head: undefined, dbTail: { seq: 3, hash: hash('b') }, rowAtHead: undefined }),
    ).toBeNull();
  });

  it('reports a truncated tail at the first missing seq', () => {
    const broken = headBreak({
      head: { seq: 10, hash: hash('a') },
      dbTail: { seq: 7, hash: hash('b') },
      rowAtHead: undefined,
    });
    expect(broken).toMatchObject({ seq: 8 });
    expect(broken?.reason).toMatch(/truncated/);
  });

  it('reports a rewritten row at the head', () => {
    const broken = headBreak({
      head: { seq: 10, hash: hash('a') },
      dbTail: { seq: 10, hash: hash('b') },
      rowAtHead: { seq: 10, hash: hash('b') },
    });
    expect(broken).toMatchObject({ seq: 10 });
  });
});

describe('laterTail', () => {
  it('keeps the further position', () => {
    const a = { seq: 2, hash: hash('a') };
    const b = { seq: 5, hash: hash('b') };
    expect(laterTail(a, b)).toBe(b);
    expect(laterTail(b, a)).toBe(b);
    expect(laterTail(undefined, a)).toBe(a);
  });
});
