import { Inject, Injectable } from '@nestjs/common';
import type { runStart, EventPayload } from '@forage/contracts';
import type { LlmClient } from '@forage/llm';
import { planHeuristically } from '../core/plan/heuristic-planner.js';
import { planWithLlm, type PlannerOutcome } from '../core/plan/llm-planner.js';
import { LLM_CLIENT } from '../tokens.js';

/** The planner of a run: the model's plan when an LLM is configured, the deterministic one otherwise. */
@Injectable()
export class RunPlanner {
  constructor(@Inject(LLM_CLIENT) private readonly llm: LlmClient | null) {}

  get usesLlm(): boolean {
    return this.llm !== null;
  }

  async plan(run: EventPayload<typeof runStart>): Promise<PlannerOutcome> {
    const request = { question: run.question, ...(run.urls ? { urls: run.urls } : {}) };
    if (!this.llm) return { plan: planHeuristically(request) };
    return planWithLlm({ llm: this.llm, runId: run.runId, ...request });
  }
}
