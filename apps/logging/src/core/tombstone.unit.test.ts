import { chainRecordSchema, evidenceTombstoneSchema, logRecordSchema } from '@forage/contracts';
import { RETENTION_RUN_ID, tombstoneRecord } from './tombstone.js';

const deleted = [{ sha256: 'a'.repeat(64), size: 120, storedAt: '2026-11-01T10:00:00.000Z' }];
const tombstone = tombstoneRecord({
  deleted,
  retentionDays: 7,
  instance: 'logging@test:1',
  now: new Date('2026-11-24T12:00:00.000Z'),
  sweepMs: 12,
});

describe('tombstoneRecord', () => {
  it('is a chain record of logging itself naming what was deleted and under which retention', () => {
    expect(chainRecordSchema.parse(tombstone)).toEqual(tombstone);
    expect(tombstone).toMatchObject({
      tool_name: 'logging',
      run_id: RETENTION_RUN_ID,
      producer: { tool: 'logging' },
    });
    expect(evidenceTombstoneSchema.parse(tombstone.output.data)).toEqual({
      kind: 'evidence_expired',
      retentionDays: 7,
      deleted,
    });
  });

  it('cannot be published by a service: `logging` is not a tool name in log.record.v1', () => {
    expect(logRecordSchema.safeParse(tombstone).success).toBe(false);
  });
});
