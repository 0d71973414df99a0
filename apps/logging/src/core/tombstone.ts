import { randomUUID } from 'node:crypto';
import type { ChainRecord, EvidenceTombstone } from '@forage/contracts';

/** Tombstones are logging's own records; they belong to no run, so they share this one run id. */
export const RETENTION_RUN_ID = '00000000-0000-4000-8000-000000000000';

/** Artefacts listed in one tombstone at most; a larger sweep writes several. */
export const TOMBSTONE_BATCH = 500;

/**
 * The chain record left when the retention sweeper deleted expired evidence: which artefacts
 * (sha256, size, when stored), under which retention period. Stored like any record, so the
 * deletion is part of the audited history and a reader can tell "deleted by retention" from
 * "missing".
 */
export function tombstoneRecord(input: {
  deleted: EvidenceTombstone['deleted'];
  retentionDays: number;
  instance: string;
  now: Date;
  sweepMs: number;
}): ChainRecord {
  const data: EvidenceTombstone = {
    kind: 'evidence_expired',
    retentionDays: input.retentionDays,
    deleted: input.deleted,
  };
  return {
    record_id: randomUUID(),
    tool_name: 'logging',
    task_id: 'evidence-retention',
    trace_id: 'evidence-retention',
    run_id: RETENTION_RUN_ID,
    status: 'success',
    timestamp: input.now.toISOString(),
    confidence_score: 1,
    evidence: { screenshot: null, dom_snapshot: null },
    output: { data },
    metadata: {
      execution_time_ms: Math.max(0, input.sweepMs),
      memory_usage_mb: Math.round(process.memoryUsage().rss / 1_048_576),
      agent: 'logging/retention',
      attempt: 1,
    },
    producer: { tool: 'logging', instance: input.instance },
  };
}
