import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EvidenceTombstone } from '@forage/contracts';
import { EvidenceRetention } from '@forage/evidence';
import { Bus, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { LoggingConfig } from '../config.js';
import { TOMBSTONE_BATCH, tombstoneRecord } from '../core/tombstone.js';
import { CHAIN_ANCHOR, LOG_REPOSITORY, LOGGING_CONFIG } from '../tokens.js';
import type { ChainAnchor } from './chain-anchor.js';
import type { LogRepository } from './log-repository.js';

const DAY_MS = 86_400_000;

/**
 * Deletes evidence older than EVIDENCE_RETENTION_DAYS every LOGGING_SWEEP_INTERVAL_MS and records
 * each batch it deleted as a tombstone in the chain (tool `logging`). The tombstone is written
 * before the blobs are deleted, so a crash between the two leaves a record of an intended deletion,
 * never a silent one; the next sweep finishes the work (deleting a deleted blob is a no-op).
 */
@Injectable()
export class EvidenceSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly instance = `logging@${hostname()}:${String(process.pid)}`;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(CHAIN_ANCHOR) private readonly anchor: ChainAnchor,
    @Inject(LOGGING_CONFIG) private readonly config: LoggingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.LOGGING_SWEEP_INTERVAL_MS;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => {
        this.logger.error({ err }, 'evidence retention sweep failed');
      });
    }, every);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One sweep as of `now`; resolves to the number of artefacts deleted. Concurrent calls share one sweep. */
  sweep(now = new Date()): Promise<number> {
    this.running ??= this.sweepOnce(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sweepOnce(now: Date): Promise<number> {
    const started = performance.now();
    const retentionDays = this.config.EVIDENCE_RETENTION_DAYS;
    const retention = await EvidenceRetention.open(this.bus.connection, {
      retentionMs: retentionDays * DAY_MS,
      replicas: this.bus.jetstreamReplicas,
    });
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const expired: EvidenceTombstone['deleted'] = await retention.storedBefore(cutoff, TOMBSTONE_BATCH);
      if (expired.length === 0) break;
      const record = tombstoneRecord({
        deleted: expired,
        retentionDays,
        instance: this.instance,
        now,
        sweepMs: performance.now() - started,
      });
      const outcome = await this.repository.append(record);
      if (outcome.status === 'stored') await this.anchor.advance('head', outcome.row);
      for (const artefact of expired) await retention.delete(artefact.sha256);
      deleted += expired.length;
      if (expired.length < TOMBSTONE_BATCH) break;
    }
    if (deleted > 0)
      this.logger.info({ deleted, retentionDays }, 'expired evidence deleted; tombstone recorded');
    return deleted;
  }
}
