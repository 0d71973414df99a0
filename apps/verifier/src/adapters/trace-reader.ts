import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { queryLogs, type StoredLogRecord } from '@forage/contracts';
import { Bus, ForageError } from '@forage/messaging';
import type { VerifierConfig } from '../config.js';
import type { ChainVerdict } from '../core/inputs.js';
import { missingRecordIds, queryGroups, traceRetryDelayMs, worstChainVerdict } from '../core/trace.js';
import { TraceQueryRejectedError, TraceUnavailableError } from '../errors.js';
import { VERIFIER_CONFIG } from '../tokens.js';

/** A run's stored records (those asked for) and logging's verdict on its chain. */
export interface RunTrace {
  readonly records: StoredLogRecord[];
  readonly chain: ChainVerdict;
}

/** Reads a run's log records from logging, waiting a bounded time for records still in flight. */
@Injectable()
export class TraceReader {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(VERIFIER_CONFIG) private readonly config: VerifierConfig,
  ) {}

  /**
   * Asks until every wanted record is stored or VERIFY_TRACE_WAIT_MS passes, then returns what
   * logging has; while logging has not answered at all it keeps asking up to
   * VERIFY_LOGGING_WAIT_MS, and throws only when logging never answered.
   */
  async read(input: { runId: string; recordIds: readonly string[] }): Promise<RunTrace> {
    const start = Date.now();
    const recordsDeadline = start + this.config.VERIFY_TRACE_WAIT_MS;
    const loggingDeadline =
      start + Math.max(this.config.VERIFY_TRACE_WAIT_MS, this.config.VERIFY_LOGGING_WAIT_MS);
    let latest: RunTrace | undefined;
    let lastError: unknown;
    for (let attempt = 0; ; attempt++) {
      const deadline = latest ? recordsDeadline : loggingDeadline;
      try {
        latest = await this.queryOnce(input, deadline);
        if (missingRecordIds(input.recordIds, latest.records).length === 0) return latest;
      } catch (err) {
        if (!(err instanceof ForageError && err.retryable)) {
          throw new TraceQueryRejectedError(
            `log.query.v1 failed: ${err instanceof Error ? err.message : String(err)}`,
            { cause: err },
          );
        }
        lastError = err;
      }
      const remaining = (latest ? recordsDeadline : loggingDeadline) - Date.now();
      if (remaining <= 0) break;
      await sleep(Math.min(traceRetryDelayMs(attempt), remaining));
    }
    if (latest) return latest;
    throw new TraceUnavailableError(`logging did not answer within ${String(loggingDeadline - start)} ms`, {
      cause: lastError,
    });
  }

  private async queryOnce(
    input: { runId: string; recordIds: readonly string[] },
    deadline: number,
  ): Promise<RunTrace> {
    const timeoutMs = Math.max(1_000, deadline - Date.now());
    const replies = await Promise.all(
      queryGroups(input.recordIds).map((recordIds) =>
        this.bus.request(
          queryLogs,
          { runId: input.runId, recordIds, limit: Math.max(1, recordIds.length) },
          { timeoutMs },
        ),
      ),
    );
    const records = new Map(replies.flatMap((r) => r.records).map((r) => [r.record_id, r]));
    return {
      records: [...records.values()].sort((a, b) => a.seq - b.seq),
      chain: worstChainVerdict(replies.map((r) => r.chain)),
    };
  }
}
