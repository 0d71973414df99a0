import type { Claim, ClaimConstraint, ScoredAnswer } from '@forage/contracts';
import { numbersIn } from '@forage/lexicon';
import type { ListingSpec } from '../plan/plan.js';
import { hasFeature, rankValue, type ListingItem } from './listing-items.js';

type Source = ScoredAnswer['source'];

/** A claim a listing item makes for one constraint of the request, before it is given an id. */
export type ConstraintClaim = Omit<Claim, 'claimId'>;

const MAX_SNIPPET = 2000;

/**
 * One claim per constraint of the request for a listed item, each quoting the node that states it:
 * the price under the bound, the rating at least, the value it is ranked by (at least as good as the
 * best item left out), the author, the category, each feature. A constraint the item's evidence
 * does not state at any node yields no claim and is reported missing: the item is then not
 * released (it cannot be checked).
 */
export function constraintClaims(input: {
  item: ListingItem;
  spec: ListingSpec;
  confidence: number;
  /** For a ranked request: the value of the best item left out, which this item must reach. */
  rankBound?: number;
}): {
  claims: ConstraintClaim[];
  missing: string[];
} {
  const { item, spec, confidence } = input;
  const evidence = (item.evidence ?? []).filter((s) => s.snippet.length <= MAX_SNIPPET);
  const claims: ConstraintClaim[] = [];
  const missing: string[] = [];
  const add = (found: { source: Source; text: string } | undefined, constraint: ClaimConstraint): void => {
    if (!found) {
      missing.push(
        `${constraint.attribute} ${constraint.kind} ${String(constraint.bound ?? constraint.text ?? '')}`,
      );
      return;
    }
    // a named constraint is checked in the page's own spelling of it ("Wi-Fi" for the user's "wifi")
    const named =
      constraint.kind === 'feature' || constraint.kind === 'author' || constraint.kind === 'category';
    claims.push({
      kind: 'listing_field',
      field: constraint.attribute,
      text: found.text,
      confidence,
      source: found.source,
      constraint: named ? { ...constraint, text: found.text } : constraint,
    });
  };
  if (spec.maxPrice !== undefined)
    add(numberAt(evidence, item.price), {
      kind: 'max',
      attribute: 'price',
      bound: spec.maxPrice,
      item: item.name,
    });
  if (spec.minRating !== undefined)
    add(numberAt(evidence, item.rating), {
      kind: 'min',
      attribute: 'rating',
      bound: spec.minRating,
      item: item.name,
    });
  if (spec.author)
    add(featureAt(evidence, spec.author), {
      kind: 'author',
      attribute: 'author',
      text: spec.author,
      item: item.name,
    });
  if (spec.category)
    add(featureAt(evidence, spec.category), {
      kind: 'category',
      attribute: 'category',
      text: spec.category,
      item: item.name,
    });
  const rank = spec.rank;
  const ranked = rank ? rankValue(item, rank.by) : undefined;
  if (rank && ranked !== undefined)
    // the value the item is ranked by, stated at its node, beats the best item left out
    add(numberAt(evidence, ranked), {
      kind: rank.order === 'asc' ? 'max' : 'min',
      attribute: rank.by,
      bound: input.rankBound ?? ranked,
      item: item.name,
    });
  for (const feature of spec.features)
    add(featureAt(evidence, feature), {
      kind: 'feature',
      attribute: 'feature',
      text: feature,
      item: item.name,
    });
  return { claims, missing };
}

/** The first node stating the number, quoted as written there. */
function numberAt(
  evidence: readonly Source[],
  amount: number | undefined,
): { source: Source; text: string } | undefined {
  if (amount === undefined) return undefined;
  for (const source of evidence) {
    const mention = numbersIn(source.snippet).find((m) => Math.abs(m.amount - amount) < 0.005);
    if (mention) return { source, text: mention.raw };
  }
  return undefined;
}

/** The first node naming the feature (not denied), quoted as written there. */
function featureAt(
  evidence: readonly Source[],
  feature: string,
): { source: Source; text: string } | undefined {
  for (const source of evidence) {
    if (!hasFeature(source.snippet, feature)) continue;
    // quoted in the page's own spelling ("Wi-Fi" for "wifi"): a hyphen may stand between any two letters
    const letters = Array.from(feature.replace(/-/g, '')).map((ch) =>
      ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    const written = new RegExp(letters.join('-?'), 'iu').exec(source.snippet);
    if (written) return { source, text: written[0] };
  }
  return undefined;
}
