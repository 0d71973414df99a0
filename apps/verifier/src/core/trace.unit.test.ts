import {
  missingRecordIds,
  queryGroups,
  traceRetryDelayMs,
  wantedRecordIds,
  worstChainVerdict,
} from './trace.js';

describe('trace helpers', () => {
  it('waits for every expected record and every record a claim cites, each once', () => {
    const claims = [{ source: { logRecordId: 'b' } }, { source: { logRecordId: 'c' } }];
    expect(wantedRecordIds({ expectedRecordIds: ['a', 'b'], claims })).toEqual(['a', 'b', 'c']);
  });

  it('lists the wanted ids logging did not return, in order', () => {
    expect(missingRecordIds(['a', 'b', 'c'], [{ record_id: 'b' }])).toEqual(['a', 'c']);
    expect(missingRecordIds([], [{ record_id: 'b' }])).toEqual([]);
  });

  it('splits ids into groups a query accepts, and asks once even with no ids', () => {
    expect(queryGroups(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
    expect(queryGroups([])).toEqual([[]]);
  });

  it('backs off from 25 ms and never waits more than 400 ms between attempts', () => {
    expect([0, 1, 2, 3, 4, 10].map(traceRetryDelayMs)).toEqual([25, 50, 100, 200, 400, 400]);
  });

  it('keeps the most damning chain verdict across replies', () => {
    const ok = { valid: true, checked: 10, brokenAtSeq: null };
    const later = { valid: true, checked: 12, brokenAtSeq: null };
    const broken = { valid: false, checked: 4, brokenAtSeq: 5 };
    expect(worstChainVerdict([ok, later])).toEqual(later);
    expect(worstChainVerdict([ok, broken, later])).toEqual(broken);
    expect(worstChainVerdict([]).valid).toBe(false);
  });
});
