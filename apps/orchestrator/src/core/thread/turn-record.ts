import type { RunReport, ThreadTurn } from '@forage/contracts';
import type { Plan } from '../plan/plan.js';

const MAX_ITEMS = 50;

/**
 * The turn a finished run leaves in its thread: what was asked and answered, about what (the
 * plan's entities, or a listing's place), and a listing's items in the order shown.
 */
export function turnOf(input: {
  runId: string;
  turn: number;
  asked: string;
  plan: Plan;
  report: Pick<RunReport, 'answer' | 'items'>;
  at: string;
}): ThreadTurn {
  const { plan } = input;
  const entities = plan.parts.map((p) => p.entity).filter((e): e is string => Boolean(e));
  const subjects = [
    ...new Set(entities.length > 0 ? entities : plan.listing?.place ? [plan.listing.place] : []),
  ];
  const attributes = [...new Set(plan.parts.map((p) => p.attribute).filter((a): a is string => Boolean(a)))];
  return {
    runId: input.runId,
    turn: input.turn,
    asked: input.asked.slice(0, 500),
    question: plan.question.slice(0, 500),
    subjects: subjects.slice(0, 10).map((s) => s.slice(0, 200)),
    ...(attributes.length === 1 && attributes[0] ? { attribute: attributes[0].slice(0, 100) } : {}),
    answer: input.report.answer ? input.report.answer.slice(0, 2000) : null,
    items: input.report.items.slice(0, MAX_ITEMS).map((i) => i.name.slice(0, 300)),
    at: input.at,
  };
}
