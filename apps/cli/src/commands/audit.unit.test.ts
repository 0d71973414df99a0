import { auditLines } from './audit.js';

const head = { seq: 12, hash: 'a'.repeat(64) };

describe('auditLines', () => {
  it('says an intact chain is intact, with what was checked', () => {
    expect(
      auditLines({
        fromSeq: 1,
        checked: 12,
        lastSeq: 12,
        head,
        valid: true,
        anomalies: [],
        moreAnomalies: 0,
      }),
    ).toEqual(['chain intact: 12 records checked (seq 1..12), chain head at seq 12']);
  });

  it('names each anomaly by seq, ranges included, then the count', () => {
    const lines = auditLines({
      fromSeq: 1,
      checked: 9,
      lastSeq: 9,
      head,
      valid: false,
      anomalies: [
        { kind: 'edited', seq: 4, toSeq: 4, detail: 'hash does not match the row content' },
        { kind: 'truncated', seq: 10, toSeq: 12, detail: 'the table ends at seq 9' },
      ],
      moreAnomalies: 0,
    });
    expect(lines).toEqual([
      'seq 4: edited (hash does not match the row content)',
      'seq 10..12: truncated (the table ends at seq 9)',
      'chain broken: 2 anomalies in 9 records checked (seq 1..9), chain head at seq 12',
    ]);
  });
});
