import type { Activities } from '../activities.js';
import type { Candidate } from '../aggregate/release.js';
import { research, type ResearchInput, type ResearchResult } from '../research.js';
import { asHop, hopPlan, subjectOfAnswer } from './hop-plan.js';

/**
 * Runs a plan; a nested question's hops one after another: each hop is researched and verified as
 * a fact about the previous hop's verified value, and the last hop is released together with
 * every earlier hop's claim, so the verifier checks the whole chain and only the last value is
 * the answer. A hop that is not verified ends the run: no later hop is asked about a subject
 * nobody has shown to be the one asked.
 */
export async function researchPlan(acts: Activities, input: ResearchInput): Promise<ResearchResult> {
  const chain = input.plan.chain;
  if (!chain || chain.hops.length < 2) return research(acts, input);
  let subject = chain.entity;
  const carried: Candidate[] = [];
  const recordIds: string[] = [];
  const totals = { pages: 0, searches: 0, actions: 0, steps: 0 };
  for (let index = 0; index < chain.hops.length; index += 1) {
    const plan = hopPlan({ plan: input.plan, chain, index, subject });
    const last = index === chain.hops.length - 1;
    // a redelivered run asks its hops again: a checkpoint holds one plan's state, not a chain's
    const result = await research(acts, {
      plan,
      limits: input.limits,
      sufficientConfidence: input.sufficientConfidence,
      resultsPerSearch: input.resultsPerSearch,
      ...(input.maxCostUsd !== undefined ? { maxCostUsd: input.maxCostUsd } : {}),
      ...(input.spentElsewhereUsd ? { spentElsewhereUsd: input.spentElsewhereUsd } : {}),
      ...(last ? { carried: { candidates: carried, recordIds } } : {}),
    });
    totals.pages += result.metrics.pages;
    totals.searches += result.metrics.searches;
    totals.actions += result.metrics.actions;
    totals.steps += result.metrics.steps;
    const metrics = { ...result.metrics, ...totals };
    if (last) return { ...result, metrics };
    const found = result.checked.find((c) => c.status === 'verified' && c.candidate.part);
    const hopPart = plan.parts[0];
    if (result.outcome !== 'answered' || !found || !hopPart) {
      const reason = `hop ${String(index + 1)} of ${String(chain.hops.length)} ("${plan.question}") has no verified answer: the chain stops there, and no earlier value is ever the answer`;
      return {
        ...result,
        outcome: result.outcome === 'answered' ? 'unverified' : result.outcome,
        answer: null,
        failures: [...result.failures, { claim: plan.question, reason }],
        metrics,
      };
    }
    await acts.report({
      step: 'plan',
      status: 'succeeded',
      detail:
        `hop ${String(index + 1)} of ${String(chain.hops.length)} verified: "${plan.question}" → ${found.candidate.answer.text}`.slice(
          0,
          2000,
        ),
      durationMs: 0,
    });
    carried.push({ ...found.candidate, part: asHop(hopPart, { index, of: chain.hops.length }) });
    recordIds.push(found.candidate.answer.source.logRecordId);
    subject = subjectOfAnswer(found.candidate.answer.text);
  }
  throw new Error('unreachable: a chain ends at its last hop');
}
