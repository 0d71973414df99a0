import { Controller, Inject } from '@nestjs/common';
import { runCompleted, runStart, type EventPayload } from '@forage/contracts';
import { Bus, HandleEvent, LOGGER, streams } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { research, type ResearchResult } from '../core/research.js';
import { createBusActivities } from '../adapters/bus-activities.js';
import { RunLedger } from '../adapters/run-ledger.js';
import { ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';

@Controller()
export class RunStartHandler {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunLedger) private readonly ledger: RunLedger,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** One run per durable message; a redelivery of a completed run is acknowledged without work. */
  @HandleEvent(runStart, {
    durable: {
      stream: streams.runs.name,
      consumer: 'orchestrator',
      maxDeliver: 3,
      ackWaitMs: 300_000,
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
    const acts = createBusActivities({ bus: this.bus, config: this.config, runId: run.runId, attempt });
    let result: ResearchResult;
    try {
      result = await research(acts, {
        question: run.question,
        maxPages: run.options.maxPages,
        sufficientConfidence: this.config.ORCH_SUFFICIENT_CONFIDENCE,
      });
    } catch (err) {
      this.logger.error({ err, runId: run.runId }, 'run failed');
      result = {
        outcome: 'failed',
        answer: null,
        failures: [{ claim: '', reason: err instanceof Error ? err.message : String(err) }],
      };
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
