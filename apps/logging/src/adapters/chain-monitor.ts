import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { auditChain } from '../core/audit.js';
import { GENESIS_TAIL, type ChainTail } from '../core/chain.js';
import { headBreak, type ChainBreak } from '../core/chain-head.js';
import type { LoggingConfig } from '../config.js';
import { CHAIN_ANCHOR, LOG_REPOSITORY, LOGGING_CONFIG } from '../tokens.js';
import type { ChainAnchor } from './chain-anchor.js';
import type { LogRepository } from './log-repository.js';

/** The chain as far as it has been verified, and what the head outside the database says. */
export interface ChainStatus {
  /** The last link verified (incrementally, from the checkpoint kept outside the database). */
  readonly verified: ChainTail;
  /** The head as recorded outside the database; undefined before the first append. */
  readonly head: ChainTail | undefined;
  readonly broken: ChainBreak | null;
}

/**
 * Verifies the chain incrementally: each check resumes from the last verified link (kept in the
 * chain anchor, so a restart resumes too) and reads only the rows appended since, at most
 * LOGGING_AUDIT_ROWS_PER_CHECK of them (a long backlog is caught up in the background). It also
 * compares the table's tail with the head kept outside the database, which catches a truncated or
 * rewritten tail. Concurrent callers share one check.
 */
@Injectable()
export class ChainMonitor {
  private verified: ChainTail | undefined;
  private broken: ChainBreak | null = null;
  private running: Promise<ChainStatus> | undefined;

  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(CHAIN_ANCHOR) private readonly anchor: ChainAnchor,
    @Inject(LOGGING_CONFIG) private readonly config: LoggingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  status(): Promise<ChainStatus> {
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<ChainStatus> {
    this.verified ??= (await this.anchor.read('verified')) ?? GENESIS_TAIL;
    let partial = false;
    if (!this.broken) {
      const audit = await auditChain({
        readPage: (page) => this.repository.rowsAfter(page),
        pageSize: this.config.LOGGING_AUDIT_PAGE_SIZE,
        from: this.verified,
        maxRows: this.config.LOGGING_AUDIT_ROWS_PER_CHECK,
      });
      if (audit.brokenAtSeq !== null) {
        this.broken = { seq: audit.brokenAtSeq, reason: audit.reason ?? 'broken link' };
        this.logger.error(this.broken, 'log chain is broken');
      } else if (audit.tail.seq > this.verified.seq) {
        this.verified = audit.tail;
        await this.anchor.advance('verified', audit.tail);
      }
      partial = audit.partial;
    }
    // the head first: read after the tail, a head written in between would look like a truncation
    const head = await this.anchor.read('head');
    if (head) this.repository.keepAbove(head);
    const dbTail = await this.repository.tail();
    const [rowAtHead] = head ? await this.repository.linksAt([head.seq]) : [];
    const headProblem = headBreak({ head, dbTail, rowAtHead });
    if (headProblem) this.logger.error(headProblem, 'log chain head does not match the table');
    if (partial) this.catchUpLater();
    return { verified: this.verified, head, broken: this.broken ?? headProblem };
  }

  /** A backlog longer than one check's budget is verified in the background, one budget at a time. */
  private catchUpLater(): void {
    setImmediate(() => {
      this.status().catch((err: unknown) => {
        this.logger.warn({ err }, 'background chain check failed');
      });
    });
  }
}
