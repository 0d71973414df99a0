import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { logRecordEvent, type EvidenceRef, type LogRecord, type ToolName } from '@forage/contracts';
import { currentContext, newTraceId } from '@forage/observability';
import { AttemptCounter } from './attempt-counter.js';
import { Bus } from './bus.js';
import { retryTransient } from './durable-publish.js';

export interface ToolOutcome {
  readonly runId: string;
  readonly taskId: string;
  readonly status: LogRecord['status'];
  readonly confidence: number;
  readonly startedAt: number;
  readonly evidence?: { screenshot?: EvidenceRef | null; domSnapshot?: EvidenceRef | null };
  readonly data: Record<string, unknown>;
  /**
   * Which attempt at this action (same run, tool and task id) this outcome is; by default the
   * recorder numbers them 1, 2, … across every replica, so a retried action's records (and the
   * evidence each points at, stored under its own hash, never replaced) stay apart.
   */
  readonly attempt?: number;
}

/** Token for the tool name a service records its outcomes under. */
export const TOOL_NAME = Symbol('forage.toolName');

/** How long counting an action's attempt is retried through transient JetStream failures. */
const ATTEMPT_COUNT_RETRY_MS = 15_000;

/**
 * Writes the one log record each tool outcome gets, durably (JetStream, deduplicated on the
 * record id), and returns the record id so replies can point at their evidence. Each record
 * carries its attempt number (`metadata.attempt`): the same action recorded again is its next attempt.
 */
@Injectable()
export class ToolRecorder {
  private readonly attempts: AttemptCounter;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(TOOL_NAME) private readonly tool: ToolName,
  ) {
    this.attempts = new AttemptCounter(bus.connection, bus.jetstreamReplicas);
  }

  async record(outcome: ToolOutcome): Promise<string> {
    const ctx = currentContext();
    const taskId = outcome.taskId.slice(0, 200);
    // the count is a KV round trip: during a NATS failover it is retried like the record's own
    // publish, so a record is never lost because its attempt could not be counted at once
    const attempt =
      outcome.attempt ??
      (
        await retryTransient(() => this.attempts.next({ runId: outcome.runId, tool: this.tool, taskId }), {
          retryForMs: ATTEMPT_COUNT_RETRY_MS,
        })
      ).value;
    const record: LogRecord = {
      record_id: randomUUID(),
      tool_name: this.tool,
      task_id: taskId,
      trace_id: ctx?.traceId ?? newTraceId(),
      run_id: outcome.runId,
      status: outcome.status,
      timestamp: new Date().toISOString(),
      confidence_score: Math.min(1, Math.max(0, outcome.confidence)),
      evidence: {
        screenshot: outcome.evidence?.screenshot ?? null,
        dom_snapshot: outcome.evidence?.domSnapshot ?? null,
      },
      output: { data: outcome.data },
      metadata: {
        execution_time_ms: Math.max(0, performance.now() - outcome.startedAt),
        memory_usage_mb: Math.round((process.memoryUsage().rss / 1_048_576) * 10) / 10,
        agent: `${this.tool}@${process.pid}`,
        attempt,
      },
      producer: { tool: this.tool, instance: `${this.tool}@${process.pid}` },
    };
    await this.bus.publishDurable(logRecordEvent, record, { msgId: record.record_id });
    return record.record_id;
  }
}
