import { z } from 'zod';
import { defineCommand, defineEvent } from './define.js';
import { evidenceRefSchema, isoTimeSchema, runIdSchema, sha256Schema } from './common.js';

export const toolNameSchema = z.enum([
  'orchestrator',
  'search',
  'dom-extraction',
  'dom-understanding',
  'action-execution',
  'processing',
  'verifier',
]);
export type ToolName = z.infer<typeof toolNameSchema>;

/**
 * Which tool service wrote a record. It is part of the hashed record, so the chain binds each row
 * to its producer; logging refuses records whose producer is not the tool they speak for.
 */
export const logProducerSchema = z
  .object({ tool: toolNameSchema, instance: z.string().min(1).max(200) })
  .meta({ title: 'LogProducer', description: 'The tool service (and its process) that wrote a record' });
export type LogProducer = z.infer<typeof logProducerSchema>;

/** One durable record per tool outcome: what ran, how it went, and the evidence it saw. */
export const logRecordSchema = z
  .object({
    record_id: z.uuid(),
    tool_name: toolNameSchema,
    task_id: z.string().min(1).max(200),
    trace_id: z.string().min(1).max(100),
    run_id: runIdSchema,
    status: z.enum(['success', 'fail', 'partial']),
    timestamp: isoTimeSchema,
    confidence_score: z.number().min(0).max(1),
    evidence: z.object({
      screenshot: evidenceRefSchema.nullable(),
      dom_snapshot: evidenceRefSchema.nullable(),
    }),
    output: z.object({ data: z.record(z.string(), z.unknown()) }),
    metadata: z.object({
      execution_time_ms: z.number().nonnegative(),
      memory_usage_mb: z.number().nonnegative(),
      agent: z.string().max(200),
      attempt: z.number().int().positive(),
    }),
    producer: logProducerSchema.optional(),
  })
  .meta({ title: 'LogRecord', description: 'The record every tool emits for each outcome' });
export type LogRecord = z.infer<typeof logRecordSchema>;

/**
 * Each tool publishes its records on `log.record.v1.<tool>`, a subject only that tool's identity may
 * publish to: a record's producer is the connection that sent it, not a field of its body.
 */
export const logRecordEvent = defineEvent({
  subject: 'log.record.v1',
  description:
    'A tool outcome, published durably through JetStream on log.record.v1.<tool> and stored by logging',
  payload: logRecordSchema,
  producerOf: (record) => record.tool_name,
});

/**
 * Who a record in the chain speaks for: a tool, or logging itself for the records it keeps
 * (retention tombstones). No service may publish a record as `logging`: it is not a tool name.
 */
export const chainToolSchema = z.enum([...toolNameSchema.options, 'logging']);

/** A record as the chain holds it: a tool's record, or one logging wrote itself. */
export const chainRecordSchema = logRecordSchema.extend({
  tool_name: chainToolSchema,
  producer: z.object({ tool: chainToolSchema, instance: z.string().min(1).max(200) }).optional(),
});
export type ChainRecord = z.infer<typeof chainRecordSchema>;

/** What logging's retention sweeper records when it deletes expired evidence (`output.data` of its tombstone). */
export const evidenceTombstoneSchema = z
  .object({
    kind: z.literal('evidence_expired'),
    retentionDays: z.number().positive(),
    deleted: z
      .array(
        z.object({ sha256: sha256Schema, size: z.number().int().nonnegative(), storedAt: isoTimeSchema }),
      )
      .max(1000),
  })
  .meta({ title: 'EvidenceTombstone', description: 'Evidence deleted after its retention period' });
export type EvidenceTombstone = z.infer<typeof evidenceTombstoneSchema>;

export const storedLogRecordSchema = chainRecordSchema.extend({
  seq: z.number().int().positive(),
  prev_hash: sha256Schema,
  hash: sha256Schema,
});
export type StoredLogRecord = z.infer<typeof storedLogRecordSchema>;

/** Why a tool outcome failed, in the categories a reader acts on. */
export const failureCategorySchema = z.enum([
  'network',
  'selector_mismatch',
  'timeout',
  'blocked',
  'validation',
  'other',
]);
export type FailureCategory = z.infer<typeof failureCategorySchema>;

/** A failed or partial record of a run, categorised. */
export const runFailureSchema = z.object({
  recordId: z.uuid(),
  seq: z.number().int().positive(),
  tool: chainToolSchema,
  category: failureCategorySchema,
  detail: z.string().max(500),
});
export type RunFailure = z.infer<typeof runFailureSchema>;

/**
 * Whether a run's trace is complete: every action the verifier was told to expect has exactly one
 * log record, and every tool record is covered by exactly one verification.
 */
export const runTraceSchema = z.object({
  complete: z.boolean(),
  problems: z
    .array(
      z.object({
        kind: z.enum(['no_record', 'unverified', 'verified_more_than_once', 'no_verification']),
        recordId: z.string().max(100).nullable(),
        detail: z.string().max(500),
      }),
    )
    .max(500),
});
export type RunTrace = z.infer<typeof runTraceSchema>;

export const queryLogs = defineCommand({
  subject: 'log.query.v1',
  description: 'Stored log records of a run in chain order, with the verdict on the chain',
  request: z.object({
    runId: runIdSchema,
    recordIds: z.array(z.uuid()).max(500).optional(),
    limit: z.number().int().min(1).max(1000).default(500),
    /** Only records of this tool, status or trace, or stamped in [since, until). */
    tool: toolNameSchema.optional(),
    status: logRecordSchema.shape.status.optional(),
    traceId: z.string().min(1).max(100).optional(),
    since: isoTimeSchema.optional(),
    until: isoTimeSchema.optional(),
  }),
  reply: z.object({
    records: z.array(storedLogRecordSchema),
    chain: z.object({
      valid: z.boolean(),
      checked: z.number().int(),
      brokenAtSeq: z.number().int().nullable(),
    }),
    /** The returned records that failed (status fail or partial), categorised. */
    failures: z.array(runFailureSchema).optional(),
    /** Only for a query of the whole run (no record ids, filters or truncation by `limit`). */
    trace: runTraceSchema.optional(),
  }),
});

export const chainAnomalySchema = z.object({
  kind: z.enum(['edited', 'deleted', 'reordered', 'inserted', 'truncated']),
  seq: z.number().int().positive(),
  toSeq: z.number().int().positive(),
  detail: z.string().max(500),
});
export type ChainAnomalyReport = z.infer<typeof chainAnomalySchema>;

export const auditLog = defineCommand({
  subject: 'log.audit.v1',
  description:
    'Walks the whole log chain (from seq `fromSeq`) and reports every edited, deleted, reordered, inserted or truncated record',
  request: z
    .object({ fromSeq: z.number().int().positive().default(1) })
    .meta({ title: 'AuditLog', description: 'Audit the log chain from a sequence number' }),
  reply: z.object({
    fromSeq: z.number().int().positive(),
    /** Rows read. */
    checked: z.number().int().nonnegative(),
    lastSeq: z.number().int().nonnegative(),
    /** The head kept outside the database; null before the first append. */
    head: z.object({ seq: z.number().int().nonnegative(), hash: sha256Schema }).nullable(),
    valid: z.boolean(),
    anomalies: z.array(chainAnomalySchema).max(1000),
    /** Anomalies beyond the first 1000. */
    moreAnomalies: z.number().int().nonnegative(),
    /**
     * Verdicts in the checked rows whose signature is missing or does not check against the
     * verifier's public key (only when logging has the key): a verdict nobody but the verifier wrote.
     */
    verdicts: z
      .object({
        checked: z.number().int().nonnegative(),
        forged: z
          .array(
            z.object({
              seq: z.number().int().positive(),
              recordId: z.string(),
              runId: z.string(),
              problem: z.string(),
            }),
          )
          .max(1000),
      })
      .optional(),
  }),
});
