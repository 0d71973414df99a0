import { hopQuestion, type HopChain } from '@forage/question';
import { part, stepsFor } from '../plan/heuristic-planner.js';
import type { Plan } from '../plan/plan.js';

/** The chain id every hop claim of a run's nested question shares. */
export const CHAIN_ID = 'chain-1';

/**
 * The plan for one hop of a nested question: a fact about `subject` (the entity the question
 * names, or the previous hop's verified value). Only the last hop's part is marked with its place
 * in the chain: an earlier hop is first verified as a fact of its own, then carried into the last
 * hop's verification as a hop (see `asHop`).
 */
export function hopPlan(input: { plan: Plan; chain: HopChain; index: number; subject: string }): Plan {
  const { plan, chain, index, subject } = input;
  const hop = chain.hops[index];
  if (!hop) throw new RangeError(`the chain has no hop ${String(index + 1)}`);
  const question = hopQuestion(hop, subject);
  const base = part(1, question, { entity: subject, ...(hop.attribute ? { attribute: hop.attribute } : {}) });
  const last = index === chain.hops.length - 1;
  const hopPart = last ? asHop(base, { index, of: chain.hops.length }) : base;
  const next: Omit<Plan, 'steps'> = {
    kind: 'fact',
    question,
    parts: [hopPart],
    combine: { kind: 'single' },
    startUrls: plan.startUrls,
    source: plan.source,
    ...(plan.site ? { site: plan.site } : {}),
    ...(plan.scope ? { scope: plan.scope } : {}),
  };
  return { ...next, steps: stepsFor(next) };
}

/** The name a hop's answer gives the next hop: the answer as quoted, without a trailing full stop. */
export function subjectOfAnswer(text: string): string {
  return text.trim().replace(/[.;,]+$/, '');
}

/** A part marked as hop `index` (from 0) of a chain of `of` hops. */
export function asHop<P extends object>(
  part: P,
  place: { index: number; of: number },
): P & { hop: { chain: string; index: number; of: number } } {
  return { ...part, hop: { chain: CHAIN_ID, index: place.index + 1, of: place.of } };
}
