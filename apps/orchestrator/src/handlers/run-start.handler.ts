import { Controller, Inject } from '@nestjs/common';
import { runCompleted, runStart, type EventPayload } from '@forage/contracts';
import { EvidenceStore } from '@forage/evidence';
import { Bus, HandleEvent, LOGGER, streams } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { research, type ResearchResult } from '../core/research.js';
import { planHeuristically } from '../core/plan/heuristic-planner.js';
import { limitsFor } from '../core/limits.js';
import { createBusActivities } from '../adapters/bus-activities.js';
import { RunLedger } from '../adapters/run-ledger.js';
import { ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';
import { RunDeadlineError } from '../errors.js';

@Controller()
export class RunStartHandler {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(EvidenceStore) private readonly evidence: EvidenceStore,
    @Inject(RunLedger) private readonly ledger: RunLedger,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One run per durable message; a redelivery of a completed run is acknowledged without work.
   * The message is heartbeated while the run works, so it is not redelivered while running.
   */
  @HandleEvent(runStart, {
    durable: {
      stream: streams.runs.name,
      consumer: 'orchestrator',
      maxDeliver: 3,
      ackWaitMs: 60_000,
      heartbeatMs: 10_000,
      concurrency: 8,
    },
  })
  async start(run: EventPayload<typeof runStart>): Promise<void> {
    const previous = await this.ledger.get(run.runId);
    if (previous?.status === 'completed') {
      this.logger.info({ runId: run.runId }, 'run already completed; redelivery ignored');
      return;
    }
    const attempt = (previous?.attempt ?? 0) + 1;
    await this.ledger.mark(run.runId, 'running', attempt);
    const started = performance.now();
    const acts = createBusActivities({
      bus: this.bus,
      evidence: this.evidence,
      config: this.config,
      runId: run.runId,
      attempt,
    });
    const plan = planHeuristically({ question: run.question, ...(run.urls ? { urls: run.urls } : {}) });
    const limits = limitsFor({
      plan,
      maxPagesPerPart: run.options.maxPages,
      caps: {
        maxPages: this.config.ORCH_MAX_PAGES,
        maxSteps: this.config.ORCH_MAX_STEPS,
        maxSearches: this.config.ORCH_MAX_SEARCHES,
        pagesPerSite: this.config.ORCH_PAGES_PER_SITE,
        deadlineMs: this.config.ORCH_RUN_DEADLINE_MS,
      },
    });
    let result: Pick<ResearchResult, 'outcome' | 'answer' | 'failures' | 'verdict'>;
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(
            new RunDeadlineError(
              `run deadline of ${String(this.config.ORCH_RUN_DEADLINE_MS / 1000)} s passed`,
            ),
          );
        }, this.config.ORCH_RUN_DEADLINE_MS);
      });
      const done = await Promise.race([
        research(acts, {
          plan,
          limits,
          sufficientConfidence: this.config.ORCH_SUFFICIENT_CONFIDENCE,
          resultsPerSearch: this.config.ORCH_SEARCH_LIMIT,
        }),
        deadline,
      ]);
      this.logger.info(
        { runId: run.runId, kind: plan.kind, outcome: done.outcome, ...done.metrics },
        'run finished',
      );
      result = done;
    } catch (err) {
      this.logger.error({ err, runId: run.runId }, 'run failed');
      result = {
        outcome: 'failed',
        answer: null,
        failures: [{ claim: '', reason: err instanceof Error ? err.message : String(err) }],
      };
    } finally {
      clearTimeout(timer);
    }
    await this.bus.publishDurable(
      runCompleted,
      {
        runId: run.runId,
        ...result,
        completedAt: new Date().toISOString(),
        durationMs: performance.now() - started,
      },
      { msgId: `${run.runId}:completed` },
    );
    await this.ledger.mark(run.runId, 'completed', attempt);
  }
}
