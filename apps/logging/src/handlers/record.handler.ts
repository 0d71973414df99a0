import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { logRecordEvent, type LogRecord } from '@forage/contracts';
import { durableConsumers, HandleEventBatch, LOGGER, type BatchOutcome } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ChainAnchor } from '../adapters/chain-anchor.js';
import type { LogRepository } from '../adapters/log-repository.js';
import { acceptRecords, failAppended, settleAppends } from '../core/record-batch.js';
import { CHAIN_ANCHOR, LOG_REPOSITORY } from '../tokens.js';

/** Records handed to the handler at once (the repository writes up to 500 in one transaction). */
const MAX_BATCH = 500;
/** Batches in flight: the next is validated and queued while the previous one is being written. */
const BATCHES_IN_FLIGHT = 4;
/**
 * Unacknowledged records the server lets the consumer hold (shared by its replicas) is declared with
 * the consumer (durableConsumers.loggingRecords, 2,500): one replica's batches in flight and one
 * more arriving. At the server's default (1,000) the consumer waited on acks at about 2,500 records/s.
 */

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
   * service are refused (dead-lettered). Records arrive in batches: one call, one head move.
   */
  @HandleEventBatch(logRecordEvent, {
    durable: { ...durableConsumers.loggingRecords, concurrency: BATCHES_IN_FLIGHT },
    maxBatch: MAX_BATCH,
  })
  async store(batch: readonly LogRecord[]): Promise<BatchOutcome> {
    const accepted = acceptRecords(batch);
    const { head, duplicates } = settleAppends(accepted, await this.repository.appendAll(accepted.records));
    if (duplicates > 0) this.logger.debug({ duplicates }, 'duplicate records acknowledged');
    if (head) {
      try {
        await this.anchor.advance('head', head);
      } catch (err) {
        failAppended(accepted, err instanceof Error ? err : new Error(String(err)));
      }
    }
    return accepted.outcome;
  }
}
