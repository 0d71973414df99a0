import type {
  Citation,
  Claim,
  ConfidenceComponents,
  ReleasedAnswer,
  RunOutcome,
  ScoredAnswer,
  VerdictRef,
} from '@forage/contracts';
import { answerConfidence, confidenceComponents } from '@forage/retrieval';
import type { Activities, VerifyReply } from '../activities.js';
import { citationsFor, claimOf, failureReasons } from '../claims.js';
import { scopeOf, statementOf } from '../claim-statement.js';
import { constraintClaims } from './constraint-claims.js';
import { countCandidate } from './count.js';
import { quantityCandidate } from './quantity.js';
import type { RunState } from '../loop/run-state.js';
import type { Part, Plan } from '../plan/plan.js';
import type { StepRunner } from '../loop/step.js';
import {
  itemConfidence,
  MAX_AGGREGATED,
  meetsConstraints,
  mergeByName,
  rankBound,
  rankItems,
  rankValue,
  type ListingItem,
} from './listing-items.js';
import { ATTRIBUTES } from '@forage/question';
import { dateValueIn, numberIn } from './numbers.js';

/** An answer the run may release once verified, with the part (or item) it answers. */
export interface Candidate {
  readonly label: string;
  readonly answer: ScoredAnswer;
  readonly part?: Part;
  readonly item?: ListingItem;
  /** For a ranked listing: the rank field of the best item the limit left out (the item must beat it). */
  readonly rankBound?: number;
  readonly detail?: string;
}

/**
 * A count, sum or mean verified as a derived claim of its own, with the verdict that records it
 * (the answer's citations are its supports, so that verdict is the one the gateway checks them by).
 */
export interface AggregateResult {
  readonly candidate: Candidate;
  readonly verified: boolean;
  readonly verdict?: VerifyReply['verdict'];
  readonly reason?: string;
}

/** Earlier hops of a nested question, already verified, carried into the last hop's verification. */
export interface Carried {
  readonly candidates: readonly Candidate[];
  /** Their evidence's log records, expected in the run's trace. */
  readonly recordIds: readonly string[];
}

/** A candidate after verification, for the report. */
export interface CheckedCandidate {
  readonly candidate: Candidate;
  readonly status: 'verified' | 'rejected' | 'not_checked';
  readonly reason?: string;
}

export interface Released {
  readonly outcome: RunOutcome;
  readonly answer: ReleasedAnswer | null;
  readonly failures: { claim: string; reason: string }[];
  /** The verifier's recorded verdict this release rests on; the gateway fetches and checks it. */
  readonly verdict?: VerdictRef;
  /** Every candidate with its verification status, for the report. */
  readonly checked: readonly CheckedCandidate[];
}

/**
 * Verifies every candidate claim against its logged evidence and releases only verified ones:
 * the parts' answers combined as the plan says, a ranked listing, or the task's confirmation.
 */
export async function releaseAnswer(input: {
  acts: Activities;
  step: StepRunner;
  state: RunState;
  plan: Plan;
  carried?: Carried;
}): Promise<Released> {
  const { acts, step, state, plan, carried } = input;
  const found = candidatesOf(plan, state);
  // a chain's earlier hops are verified again beside its last, never on their own as the answer
  const candidates = found.length > 0 && carried ? [...carried.candidates, ...found] : found;
  const recordIds = [...state.expectedRecordIds, ...(found.length > 0 ? (carried?.recordIds ?? []) : [])];
  // listings and tasks are served by items and actions, not by answered parts
  const missing =
    plan.kind === 'listing' || plan.kind === 'task'
      ? []
      : plan.parts.filter((p) => !state.answers.has(p.id) && !state.tentative.has(p.id));
  if (candidates.length === 0 && state.taskEnded) {
    const { outcome, reason } = state.taskEnded;
    return {
      outcome: outcome === 'failed' ? 'failed' : 'no_answer',
      answer: null,
      failures: [{ claim: '', reason }],
      checked: [],
    };
  }
  const over = overAggregated(plan, state);
  if (over)
    return { outcome: 'no_answer', answer: null, failures: [{ claim: '', reason: over }], checked: [] };
  if (candidates.length === 0) {
    const reason =
      state.taskMissing.length > 0
        ? `needs input: ${state.taskMissing.join(', ')}`
        : plan.kind === 'listing'
          ? 'no listed item met the constraints'
          : `no answer found for ${missing.map((p) => p.question).join(' / ') || plan.question}`;
    return { outcome: 'no_answer', answer: null, failures: [{ claim: '', reason }], checked: [] };
  }
  const claimSets = candidates.map((c, i) => claimsOf({ candidate: c, index: i, plan }));
  const claims: Claim[] = claimSets.flatMap((set) => set.claims);
  const report = await step(
    'verify',
    () => acts.verify(claims, [...new Set(recordIds)]),
    (r) =>
      `${String(r.verdicts.filter((v) => v.verdict === 'verified').length)}/${String(r.verdicts.length)} claims verified`,
  );
  const verdictOf = (claimId: string) => report.verdicts.find((v) => v.claimId === claimId);
  const failures = report.verdicts
    .filter((v) => v.verdict === 'rejected')
    .map((v) => ({
      claim: claims.find((c) => c.claimId === v.claimId)?.text ?? v.claimId,
      reason: failureReasons(v),
    }));
  if (!report.trace.complete)
    failures.push({
      claim: '',
      reason: `trace incomplete: missing ${report.trace.missingRecordIds.join(', ')}`,
    });
  for (const p of missing) failures.push({ claim: p.question, reason: 'not found on the pages read' });
  // a candidate stands only when every claim it makes is verified (its value, each constraint) and it can be checked whole
  const checked: CheckedCandidate[] = candidates.map((candidate, i) => {
    const set = claimSets[i];
    const verdicts = (set?.claims ?? []).map((c) => verdictOf(c.claimId));
    if (verdicts.length === 0 || verdicts.some((v) => v === undefined))
      return { candidate, status: 'not_checked' };
    const rejected = verdicts.filter((v) => v?.verdict !== 'verified');
    const unchecked = set?.missing ?? [];
    if (rejected.length === 0 && unchecked.length === 0) return { candidate, status: 'verified' };
    const reason = [
      ...rejected.map((v) => (v ? failureReasons(v) : '')),
      ...unchecked.map((m) => `constraint not stated on the item's page: ${m}`),
    ].join('; ');
    if (unchecked.length > 0) failures.push({ claim: candidate.label, reason });
    return { candidate, status: 'rejected', reason };
  });
  // a verified candidate's confidence is the verifier's: its answer score combined with the checks it passed
  const verified = report.released
    ? candidates.flatMap((candidate, i) => {
        if (checked[i]?.status !== 'verified' || isIntermediateHop(claimSets[i]?.claims[0])) return [];
        const scores = (claimSets[i]?.claims ?? []).map((c) => verdictOf(c.claimId)?.confidence);
        const known = scores.filter((x): x is number => x !== undefined);
        if (known.length === 0) return [candidate];
        return [{ ...candidate, answer: { ...candidate.answer, confidence: Math.min(...known) } }];
      })
    : [];
  const recorded = report.verdict ? { verdict: report.verdict } : {};
  const aggregate = plan.listing?.aggregate;
  if (aggregate) {
    // the count (sum, mean) over the items verified with every constraint, verified as a derived claim of its own
    const input = { acts, step, plan, verified, recordIds };
    const selected = candidates.filter((c) => c.item).length;
    const counted =
      aggregate.kind === 'count'
        ? await countCandidate(input)
        : [await quantityCandidate({ ...input, selected })].filter((c) => c !== undefined);
    const [count] = counted;
    const all = [
      ...checked,
      ...counted.map((c) => ({
        candidate: c.candidate,
        status: c.verified ? ('verified' as const) : ('rejected' as const),
        ...(c.reason ? { reason: c.reason } : {}),
      })),
    ];
    if (!count?.verified) {
      if (count?.reason) failures.push({ claim: count.candidate.label, reason: count.reason });
      else
        failures.push({
          claim: '',
          reason: `no listed item was verified with every constraint: nothing to ${aggregate.kind === 'count' ? 'count' : 'add up'}`,
        });
      return { outcome: 'unverified', answer: null, failures, checked: all, ...recorded };
    }
    const { citations, derived } = citeAll([count.candidate], state);
    const aggregateVerdict = count.verdict ? { verdict: count.verdict } : recorded;
    return {
      outcome: 'answered',
      answer: {
        text: `${count.candidate.answer.text} (${count.candidate.detail ?? ''})`,
        confidence: count.candidate.answer.confidence,
        citations,
        ...(derived.length > 0 ? { derived } : {}),
      },
      failures,
      checked: all,
      ...aggregateVerdict,
    };
  }
  const combined = combine({ plan, verified, all: candidates });
  if (!combined) return { outcome: 'unverified', answer: null, failures, checked, ...recorded };
  const { citations, derived } = citeAll(combined.cited, state);
  const confidence = Math.min(...combined.cited.map((c) => c.answer.confidence));
  return {
    outcome: 'answered',
    answer: { text: combined.text, confidence, citations, ...(derived.length > 0 ? { derived } : {}) },
    failures,
    checked,
    ...recorded,
  };
}

/** The claims a candidate makes: its answer with what it states, and for a listed item one per constraint. */
function claimsOf(input: { candidate: Candidate; index: number; plan: Plan }): {
  claims: Claim[];
  missing: string[];
} {
  const { candidate, index, plan } = input;
  const id = `claim-${String(index + 1)}`;
  const { part, item, answer } = candidate;
  if (part) return { claims: [claimOf(answer, id, statementOf({ plan, part, answer }))], missing: [] };
  const main = claimOf(answer, id, scopeOf(plan));
  if (!item || !plan.listing) return { claims: [main], missing: [] };
  const constraints = constraintClaims({
    item,
    spec: plan.listing,
    confidence: answer.confidence,
    ...(candidate.rankBound !== undefined ? { rankBound: candidate.rankBound } : {}),
  });
  return {
    claims: [main, ...constraints.claims.map((c, j) => ({ ...c, claimId: `${id}.${String(j + 1)}` }))],
    missing: constraints.missing,
  };
}

/** A hop before the last of a nested question: its value leads to the answer and is never the answer. */
function isIntermediateHop(claim: Claim | undefined): boolean {
  return claim?.hop !== undefined && claim.hop.index < claim.hop.of;
}

/**
 * Every cited candidate's citations (a derived answer's supports each once), and for each derived
 * answer what it is, by which rule, and which of the citations it rests on: a derived "yes" is
 * never shown as a quotation.
 */
function citeAll(
  cited: readonly Candidate[],
  state: RunState,
): { citations: Citation[]; derived: NonNullable<ReleasedAnswer['derived']> } {
  const citations: Citation[] = [];
  const derived: NonNullable<ReleasedAnswer['derived']> = [];
  for (const c of cited) {
    const own = citationsFor({ answer: c.answer, pages: state.pages });
    const indexes = own.map((citation) => {
      const at = citations.findIndex((x) => sameCitation(x, citation));
      if (at >= 0) return at;
      citations.push(citation);
      return citations.length - 1;
    });
    const derivation = c.answer.derivation;
    if (derivation)
      derived.push({ text: c.answer.text, kind: derivation.kind, rule: derivation.rule, citations: indexes });
  }
  return { citations, derived };
}

function sameCitation(a: Citation, b: Citation): boolean {
  return (
    a.logRecordId === b.logRecordId &&
    a.xpath === b.xpath &&
    a.snippet === b.snippet &&
    a.evidence.domSnapshot.sha256 === b.evidence.domSnapshot.sha256
  );
}

/**
 * A task's confirmation scored as an answer (L07 §5.5): it is read only after every action ran
 * (qa 1), and the retriever part is how much of its cited node the confirmation is.
 */
function confirmationConfidence(done: { text: string; source: { snippet: string } }): {
  confidence: number;
  components: ConfidenceComponents;
} {
  const components = confidenceComponents({
    retriever: done.text.length / Math.max(done.text.length, done.source.snippet.length),
    qa: 1,
    answer: done.text,
  });
  return { confidence: answerConfidence(components), components };
}

/**
 * A count, sum or mean over more items than one verification can check each of (each is a support
 * of the derived claim) would be a figure over part of the set: refused, saying how many there are.
 */
function overAggregated(plan: Plan, state: RunState): string | undefined {
  const spec = plan.listing;
  if (plan.kind !== 'listing' || !spec?.aggregate || spec.limit !== undefined) return undefined;
  const matching = state.items.filter((i) => meetsConstraints(i.item, spec, i.context)).map((i) => i.item);
  const all = mergeByName(matching).length;
  return all > MAX_AGGREGATED
    ? `${String(all)} ${spec.noun} meet the request; a ${spec.aggregate.kind} is verified over at most ${String(MAX_AGGREGATED)}, each checked at its node`
    : undefined;
}

function candidatesOf(plan: Plan, state: RunState): Candidate[] {
  if (plan.kind === 'task')
    return state.taskDone
      ? [
          {
            label: 'result',
            answer: {
              text: state.taskDone.text,
              ...confirmationConfidence(state.taskDone),
              source: state.taskDone.source,
            },
          },
        ]
      : [];
  if (plan.kind === 'listing' && plan.listing) {
    const spec = plan.listing;
    const matching = state.items.filter((i) => meetsConstraints(i.item, spec, i.context)).map((i) => i.item);
    const bound = rankBound(matching, spec);
    return rankItems(matching, spec).map((item) => {
      // the number ranked by, when it is not the price or rating shown anyway
      const by = spec.rank?.by;
      const rankedBy = by && by !== 'price' && by !== 'rating' ? rankValue(item, by) : undefined;
      return {
        label: item.name,
        ...(bound !== undefined ? { rankBound: bound } : {}),
        // the listing's own score (completeness and selector stability, L07 §4)
        answer: { text: item.name, confidence: itemConfidence(item), source: item.source },
        item,
        detail: [
          item.price !== undefined ? `$${String(item.price)}` : '',
          item.rating !== undefined ? `rating ${String(item.rating)}` : '',
          rankedBy !== undefined ? `${spec.rank?.by ?? ''} ${rankedBy.toLocaleString('en-US')}` : '',
        ]
          .filter(Boolean)
          .join(', '),
      };
    });
  }
  return plan.parts.flatMap((part) => {
    // a part no answer was sufficient for: its latest plausible answer, if the verifier confirms it
    const answer = state.answers.get(part.id) ?? state.tentative.get(part.id);
    return answer ? [{ label: part.entity ?? part.question, answer, part }] : [];
  });
}

/** The released text from the verified candidates, as the plan combines them; undefined when nothing can be said. */
function combine(input: {
  plan: Plan;
  verified: readonly Candidate[];
  all: readonly Candidate[];
}): { text: string; cited: Candidate[] } | undefined {
  const { plan, verified } = input;
  if (verified.length === 0) return undefined;
  switch (plan.combine.kind) {
    case 'compare': {
      // a comparison needs every part, each with a number
      if (verified.length < plan.parts.length) return undefined;
      const valued = verified.map((c) => {
        const dated = ATTRIBUTES.find((a) => a.id === c.part?.attribute)?.dated === true;
        return { c, value: dated ? dateValueIn(c.answer.text) : numberIn(c.answer.text) };
      });
      if (valued.some((v) => v.value === undefined)) return undefined;
      const pick = plan.combine.pick;
      const sorted = [...valued].sort(
        (a, b) => ((a.value ?? 0) - (b.value ?? 0)) * (pick === 'max' ? -1 : 1),
      );
      const [winner, ...rest] = sorted;
      if (!winner) return undefined;
      const attribute = winner.c.part?.attribute?.replace(/-/g, ' ') ?? 'value';
      const others = rest.map((r) => `${r.c.label}: ${r.c.answer.text}`).join('; ');
      const asks = plan.combine.asks;
      // "Is A larger than B?": yes when A came out first
      const verdict = asks === undefined ? '' : winner.c.part?.entity === asks ? 'Yes: ' : 'No: ';
      return {
        text: `${verdict}${winner.c.label} (${attribute} ${winner.c.answer.text}; ${others})`,
        cited: sorted.map((s) => s.c),
      };
    }
    case 'all':
      if (plan.kind === 'listing')
        return {
          text: verified
            .map((c, i) => `${String(i + 1)}. ${c.label}${c.detail ? ` — ${c.detail}` : ''}`)
            .join('\n'),
          cited: [...verified],
        };
      return {
        text: verified.map((c) => `${c.part?.question ?? c.label} ${c.answer.text}`).join('\n'),
        cited: [...verified],
      };
    case 'single': {
      const first = verified[0];
      return first ? { text: first.answer.text, cited: [first] } : undefined;
    }
  }
}
