import type { CheckResult, Claim, ClaimBinding } from '@forage/contracts';
import type { SnapshotPage } from '../page/snapshot-page.js';
import { checkAttribute } from './attribute.js';
import { checkConstraint } from './constraint.js';
import { checkScope } from './scope.js';
import { checkSubject } from './subject.js';
import { checkNotNegated, checkValue } from './value.js';
import { currenciesIn, propertiesOf } from '@forage/lexicon';
import type { NodeContext } from '../page/snapshot-page.js';

/** For a claim about the page's main item, what the page's structured description declares of its price. */
function declaredFor(
  claim: Claim,
  page: SnapshotPage | undefined,
): { declared?: { amounts: string[]; currencies: string[] } } {
  if (!page || !claim.subject?.mainItem || claim.value?.type !== 'money') return {};
  return {
    declared: {
      amounts: page.declared(propertiesOf('price')),
      currencies: page.declared(propertiesOf('currency')),
    },
  };
}

/**
 * The currencies a page states, for an amount whose node states none: what its structured
 * description declares, else every currency its visible text names.
 */
function pageCurrenciesOf(page: SnapshotPage | undefined): () => readonly string[] {
  let read: readonly string[] | undefined;
  return () => {
    if (read) return read;
    const declared = (page?.declared(propertiesOf('currency')) ?? [])
      .map((c) => c.trim().toUpperCase())
      .filter((c) => /^[A-Z]{3}$/.test(c));
    read = declared.length > 0 ? [...new Set(declared)] : currenciesIn(page?.text ?? '');
    return read;
  };
}

/** The texts that label a value where it sits: its table headers and the term before it. */
function labelsOf(context: NodeContext | undefined): string[] {
  if (!context) return [];
  const headers = context.governance.governors
    .filter((g) => g.via === 'row_header' || g.via === 'column_header')
    .map((g) => g.text);
  return [...headers, ...(context.label ? [context.label] : [])];
}

/**
 * What the claim states, checked on the stored DOM at its XPath: where it comes from (scope),
 * what it is about (subject), which attribute (attribute), the value (value, not_negated) and,
 * for a listing item, the constraint it shows. Each runs only when the claim states that field.
 */
export function statementChecks(input: { claim: Claim; page: SnapshotPage | undefined }): {
  checks: CheckResult[];
  bindings: ClaimBinding[];
} {
  const { claim, page } = input;
  const node = page?.textAt(claim.source.xpath);
  const nodeText = node?.found ? node.text : undefined;
  const context = page?.contextAt(claim.source.xpath, claim.text);
  const subject = checkSubject({ claim, nodeText, context });
  const attribute = checkAttribute({ claim, nodeText, context });
  const checks = [
    checkScope({ claim }),
    subject?.check,
    attribute?.check,
    checkValue({
      claim,
      nodeText,
      labels: labelsOf(context),
      ...declaredFor(claim, page),
      pageCurrencies: pageCurrenciesOf(page),
      ...(page && claim.subject?.mainItem && claim.value?.type === 'money'
        ? { formerPrices: page.formerPricesAgainst(claim.source.xpath) }
        : {}),
    }),
    checkNotNegated({ claim, nodeText }),
    checkConstraint({ claim, nodeText }),
  ].filter((c): c is CheckResult => c !== undefined);
  const bindings = [subject?.binding, attribute?.binding].filter((b): b is ClaimBinding => b !== undefined);
  return { checks, bindings };
}
