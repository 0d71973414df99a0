import type { ReportFact, RunMetrics, RunReport } from '@forage/contracts';
import type { CheckedCandidate, Released } from './aggregate/release.js';
import type { Plan } from './plan/plan.js';

const clip = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/**
 * The final report of a run: the released answer, every fact found with its citation and its
 * verification status, the listing ranked by the user's criteria, what could not be verified, and
 * the run's metrics. Built from what the run verified, never from page text alone.
 */
export function buildReport(input: {
  plan: Plan;
  released: Pick<Released, 'answer' | 'failures' | 'checked'>;
  metrics: RunMetrics;
}): RunReport {
  const { plan, released } = input;
  const facts: ReportFact[] = released.checked
    .filter((c) => !c.candidate.item)
    .slice(0, 200)
    .map((c) => factOf(c));
  const items = released.checked
    .filter((c) => c.candidate.item)
    .slice(0, 200)
    .map((c, i) => ({
      rank: i + 1,
      name: clip(c.candidate.label, 1000),
      ...(c.candidate.item?.price !== undefined ? { price: c.candidate.item.price } : {}),
      ...(c.candidate.item?.rating !== undefined ? { rating: c.candidate.item.rating } : {}),
      status: c.status,
      url: c.candidate.answer.source.url,
      evidenceId: c.candidate.answer.source.logRecordId,
    }));
  return {
    question: clip(plan.question, 1000),
    kind: plan.kind,
    planner: plan.source,
    answer: released.answer ? clip(released.answer.text, 20_000) : null,
    facts,
    items,
    unverified: released.failures
      .slice(0, 200)
      .map((f) => ({ claim: clip(f.claim, 2000), reason: clip(f.reason, 2000) })),
    metrics: input.metrics,
  };
}

function factOf(c: CheckedCandidate): ReportFact {
  const { answer, part, label } = c.candidate;
  return {
    about: clip(part?.question ?? label, 1000),
    value: clip(answer.text, 5000),
    status: c.status,
    ...(c.reason ? { reason: clip(c.reason, 2000) } : {}),
    url: answer.source.url,
    snippet: clip(answer.source.snippet, 2000),
    xpath: clip(answer.source.xpath, 2000),
    evidenceId: answer.source.logRecordId,
    domSnapshot: answer.source.domSnapshot,
  };
}
