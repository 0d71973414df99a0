import type { LogRecord } from '@forage/contracts';
import { LogStoreUnavailableError, ProducerRejectedError, RecordConflictError } from '../errors.js';
import type { AppendOutcome, ChainTail } from './chain.js';
import { producerProblem } from './producer.js';

/** A batch of records split by the producer check: those to append, and where each sits in the batch. */
export interface AcceptedRecords {
  readonly records: LogRecord[];
  readonly positions: number[];
  /** One entry per record of the batch; the refused ones already hold their error. */
  readonly outcome: (Error | undefined)[];
}

/** Refuses records not written by the tool service they speak for; the rest are to be appended. */
export function acceptRecords(batch: readonly LogRecord[]): AcceptedRecords {
  const accepted: AcceptedRecords = {
    records: [],
    positions: [],
    outcome: new Array<Error | undefined>(batch.length).fill(undefined),
  };
  batch.forEach((record, i) => {
    const refused = producerProblem(record);
    if (refused) accepted.outcome[i] = new ProducerRejectedError(`record ${record.record_id}: ${refused}`);
    else {
      accepted.records.push(record);
      accepted.positions.push(i);
    }
  });
  return accepted;
}

/**
 * Fills in the outcome of each appended record (a record stored under its id with other content
 * is a conflict) and returns the furthest chain position now written, which the chain head kept
 * outside the database must reach before the records count as stored.
 */
export function settleAppends(
  accepted: AcceptedRecords,
  results: readonly (AppendOutcome | Error)[],
): { head: ChainTail | undefined; duplicates: number } {
  let head: ChainTail | undefined;
  let duplicates = 0;
  accepted.positions.forEach((at, j) => {
    const result = results[j];
    if (result === undefined || result instanceof Error) {
      accepted.outcome[at] = result ?? new LogStoreUnavailableError('the append produced no outcome');
      return;
    }
    if (result.status === 'conflict') {
      accepted.outcome[at] = new RecordConflictError(
        `record ${result.row.recordId} is already stored at seq ${String(result.row.seq)} with other content`,
      );
      return;
    }
    if (result.status === 'duplicate') duplicates += 1;
    if (!head || result.row.seq > head.seq) head = { seq: result.row.seq, hash: result.row.hash };
  });
  return { head, duplicates };
}

/** The head could not be moved: every record that was appended fails with that error (and is retried). */
export function failAppended(accepted: AcceptedRecords, err: Error): void {
  for (const at of accepted.positions) accepted.outcome[at] ??= err;
}
