import { Controller, Inject } from '@nestjs/common';
import { logRecordEvent, type EventPayload } from '@forage/contracts';
import { HandleEvent, LOGGER, streams } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { LogRepository } from '../adapters/log-repository.js';
import { RecordConflictError } from '../errors.js';
import { LOG_REPOSITORY } from '../tokens.js';

@Controller()
export class RecordHandler {
  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Appends each record to the chain once; a redelivered record is acknowledged without a second row. */
  @HandleEvent(logRecordEvent, { durable: { stream: streams.logs.name, consumer: 'logging' } })
  async store(record: EventPayload<typeof logRecordEvent>): Promise<void> {
    const outcome = await this.repository.append(record);
    if (outcome.status === 'conflict') {
      throw new RecordConflictError(
        `record ${record.record_id} is already stored at seq ${outcome.row.seq} with other content`,
      );
    }
    if (outcome.status === 'duplicate')
      this.logger.debug({ recordId: record.record_id, seq: outcome.row.seq }, 'duplicate record');
  }
}
