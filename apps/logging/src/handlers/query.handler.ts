import { Controller, Inject } from '@nestjs/common';
import { queryLogs, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { ChainMonitor } from '../adapters/chain-monitor.js';
import type { LogRepository } from '../adapters/log-repository.js';
import { failureOf } from '../core/failure-category.js';
import { runRowsBreak } from '../core/run-rows.js';
import { traceReport } from '../core/trace-report.js';
import { storedRecordOf } from '../core/stored-record.js';
import { LOG_REPOSITORY } from '../tokens.js';

@Controller()
export class QueryHandler {
  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(ChainMonitor) private readonly monitor: ChainMonitor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A run's records in chain order, with the verdict on the chain: the incremental check from the
   * last verified link, the head kept outside the database, and the links of the rows returned.
   * Nothing here walks the whole chain (`forage audit verify` does).
   */
  @HandleCommand(queryLogs)
  async query(request: CommandRequest<typeof queryLogs>): Promise<CommandReply<typeof queryLogs>> {
    const [rows, status] = await Promise.all([this.repository.rowsOfRun(request), this.monitor.status()]);
    const next = await this.repository.linksAt(rows.map((r) => r.seq + 1));
    const rowsProblem = runRowsBreak({
      rows,
      nextPrevHash: new Map(next.map((l) => [l.seq, l.prevHash])),
      head: status.head,
    });
    if (rowsProblem) this.logger.error(rowsProblem, 'a stored row of the run is broken');
    const broken = [status.broken, rowsProblem].flatMap((b) => b ?? []).sort((a, b) => a.seq - b.seq)[0];
    const records = rows.flatMap((row) => storedRecordOf(row) ?? []);
    const wholeRun = isWholeRun(request) && rows.length < request.limit;
    return {
      records,
      failures: records.flatMap((r) => failureOf(r) ?? []),
      ...(wholeRun ? { trace: traceReport(records) } : {}),
      chain: {
        valid: broken === undefined,
        checked: broken ? Math.min(status.verified.seq, broken.seq - 1) : status.verified.seq,
        brokenAtSeq: broken?.seq ?? null,
      },
    };
  }
}

/** A query for every record of the run (nothing filtered out), so its trace can be judged. */
function isWholeRun(request: CommandRequest<typeof queryLogs>): boolean {
  return (
    request.recordIds === undefined &&
    request.tool === undefined &&
    request.status === undefined &&
    request.traceId === undefined &&
    request.since === undefined &&
    request.until === undefined
  );
}
