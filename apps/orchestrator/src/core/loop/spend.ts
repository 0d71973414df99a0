import type { AnswerReply } from '../activities.js';

/** Tokens and dollars of the LLM calls made for a run. */
export interface LlmSpend {
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
}

export const NO_SPEND: LlmSpend = { calls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };

/** What a run has spent on paid APIs: the LLM calls its services reported, and paid search. */
export class RunSpend {
  llm: LlmSpend = NO_SPEND;
  searchUsd = 0;

  /** An answer's LLM usage, as processing reports it. */
  addAnswer(reply: Pick<AnswerReply, 'usage'>): void {
    const u = reply.usage;
    if (!u) return;
    this.llm = {
      calls: this.llm.calls + u.calls,
      promptTokens: this.llm.promptTokens + u.promptTokens,
      completionTokens: this.llm.completionTokens + u.completionTokens,
      costUsd: this.llm.costUsd + u.costUsd,
    };
  }

  addSearch(costUsd: number | undefined): void {
    this.searchUsd += costUsd ?? 0;
  }
}

/**
 * Why the run must stop for its cost (ORCH_MAX_COST_USD): what it spent, counted with what was
 * spent outside the loop (the LLM planner), passed the limit. Undefined while within it.
 */
export function overBudget(input: {
  spend: RunSpend;
  elsewhereUsd: number;
  maxCostUsd: number | undefined;
}): string | undefined {
  const { spend, maxCostUsd } = input;
  if (maxCostUsd === undefined) return undefined;
  const total = spend.llm.costUsd + spend.searchUsd + input.elsewhereUsd;
  if (total <= maxCostUsd) return undefined;
  return `cost limit: the run spent $${total.toFixed(4)} (LLM $${(spend.llm.costUsd + input.elsewhereUsd).toFixed(4)}, search $${spend.searchUsd.toFixed(4)}), over ORCH_MAX_COST_USD $${maxCostUsd.toFixed(4)}`;
}
