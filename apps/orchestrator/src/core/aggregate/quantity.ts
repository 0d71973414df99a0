import type { ScoredAnswer } from '@forage/contracts';
import { numbersIn } from '@forage/lexicon';
import type { Activities } from '../activities.js';
import { claimOf } from '../claims.js';
import { scopeOf } from '../claim-statement.js';
import type { StepRunner } from '../loop/step.js';
import type { Plan } from '../plan/plan.js';
import { rankValue, type ListingItem } from './listing-items.js';
import type { AggregateResult, Candidate } from './release.js';

type Source = ScoredAnswer['source'];

/**
 * "What is the total population of the three smallest countries?": the sum (or mean) of one
 * attribute over the items that were each verified with every constraint and rank, as a derived
 * claim whose supports are each item's value as its node labels it ("Population: 859,887"). The
 * verifier re-derives the figure from those supports. An item whose value is not stated at any of
 * its nodes leaves nothing to add up: no figure is claimed.
 */
export async function quantityCandidate(input: {
  acts: Pick<Activities, 'verify'>;
  step: StepRunner;
  plan: Plan;
  verified: readonly Candidate[];
  /** How many items were selected (each must be verified: a figure over part of them is not the one asked). */
  selected: number;
  recordIds: readonly string[];
}): Promise<AggregateResult | undefined> {
  const { acts, step, plan, verified } = input;
  const aggregate = plan.listing?.aggregate;
  if (!aggregate || aggregate.kind === 'count') return undefined;
  const items = verified.flatMap((c) => (c.item ? [{ candidate: c, item: c.item }] : []));
  const [firstItem] = items;
  if (!firstItem) return undefined;
  const label = `${aggregate.kind} of ${aggregate.attribute}`;
  if (items.length < input.selected)
    return {
      candidate: { label, answer: firstItem.candidate.answer },
      verified: false,
      reason: `${String(items.length)} of the ${String(input.selected)} ${plan.listing.noun} selected were verified: a ${aggregate.kind} over part of them is not the one asked`,
    };
  const values = items.map(({ item }) => valueOf(item, aggregate.attribute));
  const missing = items.filter((_, i) => values[i] === undefined).map(({ item }) => item.name);
  if (missing.length > 0) {
    const reason = `no ${aggregate.attribute} is stated at a node of ${missing.join(', ')}: nothing to add up`;
    return { candidate: { label, answer: firstItem.candidate.answer }, verified: false, reason };
  }
  const found = values.filter((v): v is NonNullable<typeof v> => v !== undefined);
  const total = found.reduce((sum, v) => sum + v.amount, 0);
  const figure = aggregate.kind === 'sum' ? total : total / found.length;
  const [firstSupport] = found;
  if (!firstSupport) return undefined;
  const noun = plan.listing.noun;
  const answer: ScoredAnswer = {
    text: written(figure),
    confidence: Math.min(...items.map(({ candidate }) => candidate.answer.confidence)),
    source: firstSupport.source,
    derivation: {
      kind: aggregate.kind,
      rule: `the ${aggregate.kind} of the ${aggregate.attribute} of the ${noun} selected, each verified with every constraint`,
      sources: found.map((v) => ({ ...v.source, nodeId: v.source.nodeId ?? v.source.xpath })),
    },
  };
  const claim = { ...claimOf(answer, 'quantity-1', scopeOf(plan)), attribute: { id: aggregate.attribute } };
  const report = await step(
    'verify',
    () => acts.verify([claim], [...new Set(input.recordIds)]),
    (r) => `${aggregate.kind} ${answer.text}: ${r.released ? 'verified' : 'not verified'}`,
  );
  const verdict = report.verdicts.find((v) => v.claimId === claim.claimId);
  const ok = report.released && verdict?.verdict === 'verified';
  return {
    candidate: {
      label,
      answer,
      detail: items.map(({ candidate }, i) => `${candidate.label}: ${found[i]?.raw ?? ''}`).join('; '),
    },
    verified: ok,
    ...(report.verdict ? { verdict: report.verdict } : {}),
    ...(ok ? {} : { reason: verdict?.reasons?.join('; ') ?? `the ${aggregate.kind} was not verified` }),
  };
}

/**
 * The item's value of the attribute and the piece of its evidence stating it: the clause of the
 * node's text holding the number ("Population: 859,887" of a table row, "$236 per night" of a card).
 */
function valueOf(
  item: ListingItem,
  attribute: string,
): { amount: number; raw: string; source: Source } | undefined {
  const amount = rankValue(item, attribute);
  if (amount === undefined) return undefined;
  for (const source of item.evidence ?? []) {
    for (const clause of source.snippet.split(/;\s+|\s+·\s+/)) {
      const mentions = numbersIn(clause);
      const [only] = mentions;
      if (mentions.length === 1 && only && Math.abs(only.amount - amount) < 0.005)
        return { amount, raw: only.raw, source: { ...source, snippet: clause.trim() } };
    }
  }
  return undefined;
}

/** A figure as people write it: grouped thousands, at most two decimals. */
function written(figure: number): string {
  return figure.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
