import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { LOGGER } from '@forage/messaging';
import { HandlerMetrics, type Logger } from '@forage/observability';
import { auditChain } from '../core/audit.js';
import { GENESIS_TAIL, type ChainTail } from '../core/chain.js';
import { headBreak, verifiedBreak, type ChainBreak } from '../core/chain-head.js';
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
 * rewritten tail, and the row at the last verified position (deleted or rewritten rows below the
 * head). Concurrent callers share one check. Checks run on every query and every
 * LOGGING_CHAIN_CHECK_MS; /metrics shows the result (`forage_log_chain_broken`), so an alert fires
 * even when nobody queries.
 */
@Injectable()
export class ChainMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private verified: ChainTail | undefined;
  private broken: ChainBreak | null = null;
  private running: Promise<ChainStatus> | undefined;
  private last: ChainStatus | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(CHAIN_ANCHOR) private readonly anchor: ChainAnchor,
    @Inject(LOGGING_CONFIG) private readonly config: LoggingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HandlerMetrics) metrics: HandlerMetrics,
  ) {
    const labels = { service: metrics.service };
    const read = (): ChainStatus | undefined => this.last;
    new Gauge({
      name: 'forage_log_chain_broken',
      help: 'Whether the last check of the log hash chain found it broken (1) or intact (0)',
      labelNames: ['service'],
      registers: [metrics.registry],
      collect() {
        const status = read();
        if (status) this.set(labels, status.broken ? 1 : 0);
      },
    });
    new Gauge({
      name: 'forage_log_chain_verified_seq',
      help: 'The last log record (seq) the chain has been verified up to',
      labelNames: ['service'],
      registers: [metrics.registry],
      collect() {
        const status = read();
        if (status) this.set(labels, status.verified.seq);
      },
    });
  }

  onApplicationBootstrap(): void {
    const every = this.config.LOGGING_CHAIN_CHECK_MS;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      this.status().catch((err: unknown) => {
        this.logger.warn({ err }, 'periodic chain check failed');
      });
    }, every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

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
      // the walk starts from the last verified row, so that row must still be there, unchanged:
      // rows deleted below the head are otherwise linked past by the rows written after them
      const from = this.verified;
      const [atVerified] = from.seq > 0 ? await this.repository.linksAt([from.seq]) : [];
      const moved = verifiedBreak({ verified: from, rowAtVerified: atVerified });
      const audit = moved
        ? undefined
        : await auditChain({
            readPage: (page) => this.repository.rowsAfter(page),
            pageSize: this.config.LOGGING_AUDIT_PAGE_SIZE,
            from,
            maxRows: this.config.LOGGING_AUDIT_ROWS_PER_CHECK,
          });
      if (moved) {
        // verified rows never change back: the break stays until the service restarts and finds it again
        this.broken = moved;
        this.logger.error(moved, 'log chain is broken below its head');
      } else if (audit && audit.brokenAtSeq !== null) {
        this.broken = { seq: audit.brokenAtSeq, reason: audit.reason ?? 'broken link' };
        this.logger.error(this.broken, 'log chain is broken');
      } else if (audit && audit.tail.seq > from.seq) {
        this.verified = audit.tail;
        await this.anchor.advance('verified', audit.tail);
      }
      partial = audit?.partial ?? false;
    }
    // the head first: read after the tail, a head written in between would look like a truncation
    const head = await this.anchor.read('head');
    if (head) this.repository.keepAbove(head);
    const dbTail = await this.repository.tail();
    const [rowAtHead] = head ? await this.repository.linksAt([head.seq]) : [];
    const headProblem = headBreak({ head, dbTail, rowAtHead });
    if (headProblem) this.logger.error(headProblem, 'log chain head does not match the table');
    if (partial) this.catchUpLater();
    // the earliest break found (a truncated tail starts below the last verified row it took away)
    const broken = [this.broken, headProblem].flatMap((b) => b ?? []).sort((a, b) => a.seq - b.seq)[0];
    this.last = { verified: this.verified, head, broken: broken ?? null };
    return this.last;
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
