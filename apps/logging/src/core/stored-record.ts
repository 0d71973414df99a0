import { storedLogRecordSchema, type StoredLogRecord } from '@forage/contracts';
import type { ChainRow } from './chain.js';

/**
 * The record a stored row holds, with its place in the chain; undefined when the body is no
 * longer a valid record (it was tampered with, and the chain verdict says so).
 */
export function storedRecordOf(row: ChainRow): StoredLogRecord | undefined {
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const parsed = storedLogRecordSchema.safeParse({
    ...body,
    seq: row.seq,
    prev_hash: row.prevHash,
    hash: row.hash,
  });
  return parsed.success ? parsed.data : undefined;
}
