import { aLogRecord } from '@forage/testing';
import { appendLink, GENESIS_HASH, GENESIS_TAIL } from './chain.js';
import { storedRecordOf } from './stored-record.js';

describe('storedRecordOf', () => {
  it('returns the record with its seq, prev_hash and hash', () => {
    const record = aLogRecord();
    const row = appendLink(GENESIS_TAIL, record);
    expect(storedRecordOf(row)).toEqual({ ...record, seq: 1, prev_hash: GENESIS_HASH, hash: row.hash });
  });

  it('drops a body that is no longer a valid record or not JSON at all', () => {
    const row = appendLink(GENESIS_TAIL, aLogRecord());
    expect(storedRecordOf({ ...row, body: row.body.replace('"success"', '"great"') })).toBeUndefined();
    expect(storedRecordOf({ ...row, body: '{not json' })).toBeUndefined();
    expect(storedRecordOf({ ...row, body: '42' })).toBeUndefined();
  });
});
