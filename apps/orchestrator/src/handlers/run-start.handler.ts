import { Controller, Inject } from '@nestjs/common';
import {
  runCompleted,
  runStart,
  searchOutcome,
  type EventPayload,
  type RunReport,
  type RunThread,
} from '@forage/contracts';
import { EvidenceStore } from '@forage/evidence';
import { addUsage, type LlmUsageMeter } from '@forage/llm';
import { Bus, durableConsumers, HandleEvent, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { researchPlan } from '../core/hops/research-chain.js';
import type { ResearchResult } from '../core/research.js';
import type { Checkpoint } from '../core/loop/checkpoint.js';
import { buildReport } from '../core/report.js';
import { readThreadTurn } from '../core/thread/read-turn.js';
import { turnOf } from '../core/thread/turn-record.js';
import { limitsFor } from '../core/limits.js';
import { createBusActivities } from '../adapters/bus-activities.js';
import type { Activities } from '../core/activities.js';
import { MemoryBank } from '../adapters/memory-bank.js';
import { RunCheckpoints } from '../adapters/run-checkpoints.js';
import { RunClock } from '../adapters/run-clock.js';
import { RunLedger } from '../adapters/run-ledger.js';
import { RunMetricsRecorder } from '../adapters/run-metrics.js';
import { RunPlanner } from '../adapters/run-planner.js';
import { ElementChooser } from '../adapters/element-chooser.js';
import { RunSignals } from '../adapters/run-signals.js';
import { ThreadStore } from '../adapters/thread-store.js';
import { userActivities } from '../adapters/run-activities.js';
import { LLM_METER, ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';
import { RunDeadlineError, UnsettledReferenceError } from '../errors.js';

/**
 * Attempts a run gets before it ends `failed` with the reason. The consumer delivers once more
 * than that, so the last delivery is left to say so: a run is never left "running" because the
 * orchestrator was stopped mid-run on every delivery.
 */
export const RUN_ATTEMPTS = durableConsumers.orchestratorRuns.maxDeliver - 1;

type Ending = Pick<ResearchResult, 'outcome' | 'answer' | 'failures' | 'verdict'> & {
  report?: RunReport;
  thread?: RunThread;
};

@Controller()
export class RunStartHandler {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(EvidenceStore) private readonly evidence: EvidenceStore,
    @Inject(RunLedger) private readonly ledger: RunLedger,
    @Inject(RunSignals) private readonly signals: RunSignals,
    @Inject(RunCheckpoints) private readonly checkpoints: RunCheckpoints,
    @Inject(MemoryBank) private readonly memory: MemoryBank,
    @Inject(RunPlanner) private readonly planner: RunPlanner,
    @Inject(ElementChooser) private readonly chooser: ElementChooser,
    @Inject(ThreadStore) private readonly threads: ThreadStore,
    @Inject(RunMetricsRecorder) private readonly runMetrics: RunMetricsRecorder,
    @Inject(LLM_METER) private readonly meter: LlmUsageMeter,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One run per durable message; a redelivery of a completed run is acknowledged without work.
   * The message is heartbeated while the run works, so it is not redelivered while running.
   */
  @HandleEvent(runStart, {
    durable: {
      ...durableConsumers.orchestratorRuns,
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
    const clock = new RunClock(this.config.ORCH_RUN_DEADLINE_MS);
    if (previous?.cancelled) {
      await this.finish(run, attempt, clock, {
        outcome: 'cancelled',
        answer: null,
        failures: [{ claim: '', reason: previous.cancelled }],
      });
      return;
    }
    if (attempt > RUN_ATTEMPTS) {
      await this.finish(run, attempt, clock, {
        outcome: 'failed',
        answer: null,
        failures: [
          {
            claim: '',
            reason: `the run was interrupted ${String(RUN_ATTEMPTS)} times (an orchestrator stopped while running it); not tried again`,
          },
        ],
      });
      return;
    }
    await this.ledger.mark(run.runId, 'running', attempt);
    const bus = createBusActivities({
      bus: this.bus,
      evidence: this.evidence,
      config: this.config,
      runId: run.runId,
      attempt,
      ...(run.profile ? { profile: run.profile } : {}),
    });
    const acts = {
      ...bus,
      ...userActivities({
        bus: this.bus,
        config: this.config,
        runId: run.runId,
        attempt,
        ledger: this.ledger,
        signals: this.signals,
        memory: this.memory,
        clock,
        report: bus.report,
      }),
      checkpoint: (cp: Checkpoint) => this.checkpoints.save(run.runId, cp),
      ...(this.chooser.configured
        ? {
            chooseElements: async (input: Parameters<NonNullable<Activities['chooseElements']>>[0]) => {
              const chosen = await this.chooser.choose({ runId: run.runId, ...input });
              if (chosen.fallback)
                this.logger.warn(
                  { runId: run.runId, reason: chosen.fallback },
                  'element choice by the model failed; the grammar grounds the instruction alone',
                );
              return chosen.proposed;
            },
          }
        : {}),
    };
    // a redelivered run (a crash mid-run) continues from its last checkpoint
    const resume = attempt > 1 ? await this.checkpoints.load(run.runId) : undefined;
    let ending: Ending;
    const threadId = run.threadId ?? run.runId;
    let thread: RunThread | undefined;
    try {
      // a thread's question is read against its earlier turns before planning
      const earlier = (await this.threads.turns(threadId)).filter((t) => t.runId !== run.runId);
      const read = await readThreadTurn({ threadId, question: run.question, turns: earlier, acts });
      thread = read.thread;
      if (read.status === 'unsettled') throw new UnsettledReferenceError(read.reason);
      const { plan, fallback } = await this.planner.plan({ ...run, question: read.question });
      if (fallback)
        await acts.report({
          step: 'plan',
          status: 'failed',
          detail: `LLM plan not used (${fallback}); the heuristic plan instead`,
          durationMs: null,
        });
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
      const deadline = clock.expiry(
        () =>
          new RunDeadlineError(`run deadline of ${String(this.config.ORCH_RUN_DEADLINE_MS / 1000)} s passed`),
      );
      const done = await Promise.race([
        researchPlan(acts, {
          plan,
          limits,
          sufficientConfidence: this.config.ORCH_SUFFICIENT_CONFIDENCE,
          resultsPerSearch: this.config.ORCH_SEARCH_LIMIT,
          ...(resume ? { resume } : {}),
          ...(this.config.ORCH_MAX_COST_USD !== undefined
            ? { maxCostUsd: this.config.ORCH_MAX_COST_USD }
            : {}),
          spentElsewhereUsd: () => this.meter.get(run.runId).costUsd,
        }),
        deadline,
      ]);
      this.logger.info(
        { runId: run.runId, kind: plan.kind, outcome: done.outcome, ...done.metrics },
        'run finished',
      );
      for (const o of done.searchOutcomes) this.bus.publish(searchOutcome, { runId: run.runId, ...o });
      // the planner's calls (metered here) and the answers' (reported by processing)
      const llm = addUsage(this.meter.take(run.runId), done.llm);
      const report = buildReport({
        plan,
        released: done,
        metrics: {
          ...done.metrics,
          wallMs: clock.wallTime(),
          llm: this.planner.usesLlm || llm.calls > 0 ? llm : null,
        },
      });
      ending = { ...done, report: { ...report, thread }, thread };
      await this.threads
        .record(
          threadId,
          turnOf({
            runId: run.runId,
            turn: thread.turn,
            asked: run.question,
            plan,
            report,
            at: new Date().toISOString(),
          }),
        )
        .catch((err: unknown) => {
          this.logger.error({ err, runId: run.runId, threadId }, 'thread turn not recorded');
        });
    } catch (err) {
      const unsettled = err instanceof UnsettledReferenceError;
      if (!unsettled) this.logger.error({ err, runId: run.runId }, 'run failed');
      ending = {
        outcome: unsettled ? 'no_answer' : 'failed',
        answer: null,
        failures: [
          { claim: unsettled ? run.question : '', reason: err instanceof Error ? err.message : String(err) },
        ],
        ...(thread ? { thread } : {}),
      };
    } finally {
      clock.stop();
    }
    await this.finish(run, attempt, clock, ending);
  }

  private async finish(
    run: EventPayload<typeof runStart>,
    attempt: number,
    clock: RunClock,
    ending: Ending,
  ): Promise<void> {
    const durationMs = clock.wallTime();
    await this.bus.publishDurable(
      runCompleted,
      { runId: run.runId, ...ending, completedAt: new Date().toISOString(), durationMs },
      { msgId: `${run.runId}:completed` },
    );
    await this.ledger.mark(run.runId, 'completed', attempt);
    this.runMetrics.completed(ending.outcome, durationMs / 1000);
    this.signals.done(run.runId);
    await this.checkpoints.forget(run.runId);
    this.meter.take(run.runId);
  }
}
