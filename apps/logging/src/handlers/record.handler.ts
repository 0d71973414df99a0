import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { logRecordEvent, type EventPayload } from '@forage/contracts';
import { HandleEvent, LOGGER, streams } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ChainAnchor } from '../adapters/chain-anchor.js';
import type { LogRepository } from '../adapters/log-repository.js';
import { producerProblem } from '../core/producer.js';
import { ProducerRejectedError, RecordConflictError } from '../errors.js';
import { CHAIN_ANCHOR, LOG_REPOSITORY } from '../tokens.js';

/** Records handled at once; the repository writes those waiting together in one transaction. */
const CONCURRENT_RECORDS = 2_048;

@Controller()
export class RecordHandler implements OnModuleInit {
  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(CHAIN_ANCHOR) private readonly anchor: ChainAnchor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** New rows continue after the head kept outside the database, even if the table lost its tail. */
  async onModuleInit(): Promise<void> {
    const head = await this.anchor.read('head');
    if (head) this.repository.keepAbove(head);
  }

  /**
   * Appends each record to the chain once, then moves the chain head kept outside the database;
   * a redelivered record is acknowledged without a second row. Records not produced by a tool
   * service are refused (dead-lettered).
   */
  @HandleEvent(logRecordEvent, {
    durable: { stream: streams.logs.name, consumer: 'logging', concurrency: CONCURRENT_RECORDS },
  })
  async store(record: EventPayload<typeof logRecordEvent>): Promise<void> {
    const refused = producerProblem(record);
    if (refused) throw new ProducerRejectedError(`record ${record.record_id}: ${refused}`);
    const outcome = await this.repository.append(record);
    if (outcome.status === 'conflict') {
      throw new RecordConflictError(
        `record ${record.record_id} is already stored at seq ${outcome.row.seq} with other content`,
      );
    }
    if (outcome.status === 'duplicate')
      this.logger.debug({ recordId: record.record_id, seq: outcome.row.seq }, 'duplicate record');
    await this.anchor.advance('head', outcome.row);
  }
}
