import type { ScoredAnswer } from '@forage/contracts';
import type { Activities } from '../activities.js';
import { claimOf } from '../claims.js';
import { scopeOf } from '../claim-statement.js';
import type { StepRunner } from '../loop/step.js';
import type { Plan } from '../plan/plan.js';
import type { AggregateResult, Candidate } from './release.js';

/**
 * "How many hotels in X have a pool?": the count of the listed items that were each verified with
 * every constraint, as a derived claim whose supports are those items' own nodes. The verifier
 * re-derives it (the number of items its supports name). Zero is never claimed: an absence is
 * not evidenced by any node.
 */
export async function countCandidate(input: {
  acts: Pick<Activities, 'verify'>;
  step: StepRunner;
  plan: Plan;
  verified: readonly Candidate[];
  recordIds: readonly string[];
}): Promise<AggregateResult[]> {
  const { acts, step, plan, verified } = input;
  const items = verified.filter((c) => c.item);
  const [first] = items;
  if (!first) return [];
  const noun = plan.listing?.noun ?? 'items';
  const answer: ScoredAnswer = {
    text: String(items.length),
    confidence: Math.min(...items.map((c) => c.answer.confidence)),
    source: first.answer.source,
    derivation: {
      kind: 'count',
      rule: `the ${noun} listed that meet every constraint of the request, each verified with its constraints`,
      // a listed item's name node has an XPath but may have no node id of its own
      sources: items.map((c) => ({
        ...c.answer.source,
        nodeId: c.answer.source.nodeId ?? c.answer.source.xpath,
      })),
    },
  };
  const claim = claimOf(answer, 'count-1', scopeOf(plan));
  const report = await step(
    'verify',
    () => acts.verify([claim], [...new Set(input.recordIds)]),
    (r) => `count ${answer.text}: ${r.released ? 'verified' : 'not verified'}`,
  );
  const verdict = report.verdicts.find((v) => v.claimId === claim.claimId);
  const ok = report.released && verdict?.verdict === 'verified';
  const candidate: Candidate = {
    label: `${answer.text} ${noun}`,
    answer,
    detail: items.map((c) => c.label).join('; '),
  };
  return [
    {
      candidate,
      verified: ok,
      ...(report.verdict ? { verdict: report.verdict } : {}),
      ...(ok ? {} : { reason: verdict?.reasons?.join('; ') ?? 'the count was not verified' }),
    },
  ];
}
