import { Controller, Inject } from '@nestjs/common';
import { auditLog, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ChainAnchor } from '../adapters/chain-anchor.js';
import type { LogRepository } from '../adapters/log-repository.js';
import { VerdictVerifier } from '@forage/evidence';
import { AnomalyFinder } from '../core/anomalies.js';
import { VerdictCheck } from '../core/verdict-check.js';
import { GENESIS_TAIL, type ChainTail } from '../core/chain.js';
import type { LoggingConfig } from '../config.js';
import { CHAIN_ANCHOR, LOG_REPOSITORY, LOGGING_CONFIG } from '../tokens.js';

const MAX_REPORTED = 1_000;

@Controller()
export class AuditHandler {
  constructor(
    @Inject(LOG_REPOSITORY) private readonly repository: LogRepository,
    @Inject(CHAIN_ANCHOR) private readonly anchor: ChainAnchor,
    @Inject(LOGGING_CONFIG) private readonly config: LoggingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The full audit behind `forage audit verify`: every row from `fromSeq`, page by page, then the head. */
  @HandleCommand(auditLog)
  async audit(request: CommandRequest<typeof auditLog>): Promise<CommandReply<typeof auditLog>> {
    const finder = new AnomalyFinder(await this.startAfter(request.fromSeq));
    const verdicts = this.config.VERDICT_PUBLIC_KEY
      ? new VerdictCheck(new VerdictVerifier(this.config.VERDICT_PUBLIC_KEY))
      : undefined;
    // the head first: read after the walk, a head written meanwhile would look like a truncation
    const head = await this.anchor.read('head');
    for (let afterSeq = request.fromSeq - 1; ;) {
      const page = await this.repository.rowsAfter({ afterSeq, limit: this.config.LOGGING_AUDIT_PAGE_SIZE });
      for (const row of page) {
        finder.add(row);
        verdicts?.add(row);
      }
      const last = page.at(-1);
      if (!last || page.length < this.config.LOGGING_AUDIT_PAGE_SIZE) break;
      afterSeq = last.seq;
    }
    const [rowAtHead] = head ? await this.repository.linksAt([head.seq]) : [];
    const anomalies = finder.finish({ head, rowAtHead });
    if (anomalies.length > 0)
      this.logger.error({ anomalies: anomalies.slice(0, 20) }, 'log audit found anomalies');
    if (verdicts && verdicts.forged.length > 0)
      this.logger.error(
        { forged: verdicts.forged.slice(0, 20) },
        'log audit found verdicts the verifier did not sign',
      );
    return {
      fromSeq: request.fromSeq,
      checked: finder.rows,
      lastSeq: finder.lastSeq,
      head: head ?? null,
      valid: anomalies.length === 0 && (verdicts?.forged.length ?? 0) === 0,
      anomalies: anomalies.slice(0, MAX_REPORTED).map((a) => ({ ...a, detail: a.detail.slice(0, 500) })),
      moreAnomalies: Math.max(0, anomalies.length - MAX_REPORTED),
      ...(verdicts
        ? {
            verdicts: {
              checked: verdicts.checked,
              forged: verdicts.forged
                .slice(0, MAX_REPORTED)
                .map((f) => ({ ...f, problem: f.problem.slice(0, 500) })),
            },
          }
        : {}),
    };
  }

  /** The link the walk starts after: the genesis, or the stored row just before `fromSeq`. */
  private async startAfter(fromSeq: number): Promise<ChainTail> {
    if (fromSeq <= 1) return GENESIS_TAIL;
    const [before] = await this.repository.linksAt([fromSeq - 1]);
    return before ? { seq: before.seq, hash: before.hash } : { seq: fromSeq - 1, hash: GENESIS_TAIL.hash };
  }
}
