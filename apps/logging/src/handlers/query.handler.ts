import { Controller, Inject } from '@nestjs/common';
import { queryLogs, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { LogRepository } from '../adapters/log-repository.js';
import { auditChain } from '../core/audit.js';
import { storedRecordOf } from '../core/stored-record.js';
import type { LoggingConfig } from '../config.js';
import { LOG_REPOSITORY, LOGGING_CONFIG } from '../tokens.js';

@Controller()
export class QueryHandler {
  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(LOGGING_CONFIG) private readonly config: LoggingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A run's records in chain order, and the verdict on the whole chain re-verified from the genesis. */
  @HandleCommand(queryLogs)
  async query(request: CommandRequest<typeof queryLogs>): Promise<CommandReply<typeof queryLogs>> {
    const [rows, audit] = await Promise.all([
      this.repository.rowsOfRun({
        runId: request.runId,
        limit: request.limit,
        ...(request.recordIds ? { recordIds: request.recordIds } : {}),
      }),
      auditChain({
        readPage: (page) => this.repository.rowsAfter(page),
        pageSize: this.config.LOGGING_AUDIT_PAGE_SIZE,
      }),
    ]);
    if (!audit.valid)
      this.logger.error({ brokenAtSeq: audit.brokenAtSeq, reason: audit.reason }, 'log chain is broken');
    const records = rows.flatMap((row) => storedRecordOf(row) ?? []);
    return { records, chain: { valid: audit.valid, checked: audit.checked, brokenAtSeq: audit.brokenAtSeq } };
  }
}
