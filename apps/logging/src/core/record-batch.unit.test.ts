import type { LogRecord } from '@forage/contracts';
import { aLogRecord } from '@forage/testing';
import { LogStoreUnavailableError, ProducerRejectedError, RecordConflictError } from '../errors.js';
import { appendLink, GENESIS_TAIL, type AppendOutcome } from './chain.js';
import { acceptRecords, failAppended, settleAppends } from './record-batch.js';

function forged(): LogRecord {
  return aLogRecord({ tool_name: 'verifier', producer: { tool: 'processing', instance: 'p@1' } });
}

describe('a batch of log records: producer check, append outcomes, chain head', () => {
  it('refuses forged records and keeps the others in batch order with their positions', () => {
    const batch = [aLogRecord(), forged(), aLogRecord()];
    const accepted = acceptRecords(batch);
    expect(accepted.records).toEqual([batch[0], batch[2]]);
    expect(accepted.positions).toEqual([0, 2]);
    expect(accepted.outcome[1]).toBeInstanceOf(ProducerRejectedError);
    expect(accepted.outcome[0]).toBeUndefined();
  });

  it('moves the head to the furthest stored or duplicate row; conflicts and failures settle their own record', () => {
    const batch = [aLogRecord(), aLogRecord(), aLogRecord(), aLogRecord()];
    const accepted = acceptRecords(batch);
    const first = appendLink(GENESIS_TAIL, batch[0] as LogRecord);
    const second = appendLink(first, batch[1] as LogRecord);
    const failure = new LogStoreUnavailableError('down');
    const results: (AppendOutcome | Error)[] = [
      { status: 'stored', row: second },
      { status: 'duplicate', row: first },
      { status: 'conflict', row: first },
      failure,
    ];
    const { head, duplicates } = settleAppends(accepted, results);
    expect(head).toEqual({ seq: 2, hash: second.hash });
    expect(duplicates).toBe(1);
    expect(accepted.outcome[0]).toBeUndefined();
    expect(accepted.outcome[1]).toBeUndefined();
    expect(accepted.outcome[2]).toBeInstanceOf(RecordConflictError);
    expect(accepted.outcome[3]).toBe(failure);
  });

  it('a head that could not be moved fails every appended record, not those already refused', () => {
    const batch = [aLogRecord(), forged()];
    const accepted = acceptRecords(batch);
    settleAppends(accepted, [{ status: 'stored', row: appendLink(GENESIS_TAIL, batch[0] as LogRecord) }]);
    const err = new LogStoreUnavailableError('anchor unavailable');
    failAppended(accepted, err);
    expect(accepted.outcome[0]).toBe(err);
    expect(accepted.outcome[1]).toBeInstanceOf(ProducerRejectedError);
  });
});
