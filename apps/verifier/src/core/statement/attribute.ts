import type { CheckResult, Claim, ClaimBinding } from '@forage/contracts';
import {
  currencyOf,
  isKnownAttribute,
  labelsIn,
  namesAttribute,
  numbersIn,
  propertiesOf,
} from '@forage/lexicon';
import type { NodeContext } from '../page/snapshot-page.js';
import { clauseStart, excerpt, valueIndex } from './names.js';
import { qualifierOf } from './price-qualifiers.js';

export interface StatementCheck {
  readonly check: CheckResult;
  readonly binding?: ClaimBinding;
}

/** Attributes whose value is an amount of money. */
export const MONEY_ATTRIBUTES: ReadonlySet<string> = new Set(['price', 'gdp']);

/** How far from the value a label in the same clause still labels it. */
const NEAR = 60;

/**
 * The claimed attribute is expressed where the value sits: the nearest attribute label around the
 * value in its clause (any language of the lexicon), else the value cell's row or column header,
 * the node's structured-data property, the JSON-LD key that holds it, or the nearest heading. A
 * value whose nearest label names another attribute is that attribute's value.
 */
export function checkAttribute(input: {
  claim: Claim;
  nodeText: string | undefined;
  context: NodeContext | undefined;
}): StatementCheck | undefined {
  const attribute = input.claim.attribute?.id;
  if (!attribute) return undefined;
  const fail = (detail: string): StatementCheck => ({ check: { name: 'attribute', passed: false, detail } });
  const pass = (via: string, text: string): StatementCheck => ({
    check: {
      name: 'attribute',
      passed: true,
      detail: `"${attribute}" expressed by the ${via} "${excerpt(text)}"`,
    },
    binding: { check: 'attribute', via, text: text.slice(0, 500) },
  });
  if (!isKnownAttribute(attribute))
    return {
      check: {
        name: 'attribute',
        passed: true,
        detail: `"${attribute}" has no entry in the lexicon; its label was not checked`,
      },
    };
  const { nodeText, context } = input;
  if (nodeText === undefined || !context) return fail('no node to read the label from');
  const value = input.claim.text;
  if (context.isJsonLd) return jsonLdKey({ attribute, nodeText, value, pass, fail });
  if (context.property) {
    const local = (context.property.split(/[/#:]/).pop() ?? context.property).toLowerCase();
    if (propertiesOf(attribute).includes(local)) return pass('structured-data property', context.property);
  }
  const at = valueIndex(nodeText, value);
  const money =
    at >= 0
      ? numbersIn(nodeText, { priceField: MONEY_ATTRIBUTES.has(attribute) || attribute === 'currency' }).find(
          (m) => m.currency && m.index <= at + value.length && m.index + m.raw.length >= at,
        )
      : undefined;
  const nearest = at >= 0 ? nearestLabel(nodeText, at, value.length) : undefined;
  if (nearest?.attribute === attribute) return pass('label', nearest.label);
  // a value that is itself a statement of the attribute and of no other ("In stock", "Sold out")
  const stated = money ? [] : labelsIn(value);
  if (stated.length > 0 && stated.every((h) => h.attribute === attribute)) return pass('value', value);
  // a price needs no word: its currency says what it is
  // the amount's own words make it another figure (a shipping charge, an amount before tax, a saving)
  const qualifier = attribute === 'price' && at >= 0 ? qualifierOf(nodeText, at, value.length) : undefined;
  if (qualifier)
    return fail(`the amount is ${qualifier === 'saving' ? 'a' : 'the'} ${qualifier}, not the price`);
  if (attribute === 'price' && money) return pass('currency', `${money.currency ?? ''} ${money.raw}`);
  // a currency sign or code written at an amount states that amount's currency ("$" of "$87.11")
  if (attribute === 'currency' && money?.currency && currencyOf(value) === money.currency)
    return pass('currency', `${money.currency} ${money.raw}`);
  if (nearest)
    return fail(`the value is labelled "${nearest.label}" (${nearest.attribute}), not ${attribute}`);
  // an amount of money is the value of a priced attribute only, never a code, a rating or a count
  if (money && !MONEY_ATTRIBUTES.has(attribute))
    return fail(
      `the value is an amount of money ("${money.raw}", ${money.currency ?? ''}), not a ${attribute}`,
    );
  if (context.label) {
    if (namesAttribute(context.label, attribute)) return pass('label', context.label);
    const other = labelsIn(context.label)[0];
    if (other)
      return fail(`the value is labelled "${excerpt(context.label)}" (${other.attribute}), not ${attribute}`);
  }
  for (const g of context.governance.governors) {
    if (g.via !== 'row_header' && g.via !== 'column_header') continue;
    if (namesAttribute(g.text, attribute)) return pass(g.via.replace('_', ' '), g.text);
    const other = labelsIn(g.text)[0];
    if (other)
      return fail(
        `the value's ${g.via.replace('_', ' ')} "${excerpt(g.text)}" labels ${other.attribute}, not ${attribute}`,
      );
  }
  // a heading labels a section ("Specifications", "Price"); the page's own name labels nothing
  const heading = context.headings[0];
  if (heading && heading !== context.h1 && namesAttribute(heading, attribute))
    return pass('heading', heading);
  if (context.property) {
    return fail(`the node's structured-data property "${context.property}" is not ${attribute}`);
  }
  return fail(`no label of "${attribute}" where the value sits ("${excerpt(nodeText)}")`);
}

/** The nearest label of any attribute to the value, in its clause: before it first, then after. */
function nearestLabel(
  text: string,
  at: number,
  length: number,
): { attribute: string; label: string } | undefined {
  const hits = labelsIn(text);
  // a label ends its own clause ("Price: 12"): the clause before the label's colon counts too
  const start = clauseStart(text.slice(0, Math.max(0, at - 2)), at);
  const before = hits.filter((h) => h.index + h.label.length <= at && h.index >= Math.max(start, at - NEAR));
  const last = before.at(-1);
  if (last) return last;
  const end = at + length;
  const after = hits.filter((h) => h.index >= end && h.index <= end + 20);
  return after[0];
}

function jsonLdKey(input: {
  attribute: string;
  nodeText: string;
  value: string;
  pass: (via: string, text: string) => StatementCheck;
  fail: (detail: string) => StatementCheck;
}): StatementCheck {
  const wanted = input.value.toLowerCase();
  const keys = [...input.nodeText.matchAll(/"([^"]{1,80})": ("[^"]*"|[^\s"]+)/g)]
    .filter((m) => (m[2] ?? '').toLowerCase().includes(wanted))
    .map((m) => (m[1] ?? '').toLowerCase());
  const properties = propertiesOf(input.attribute);
  const key = keys.find((k) => properties.includes(k));
  if (key) return input.pass('JSON-LD property', key);
  return input.fail(
    keys.length > 0
      ? `the JSON-LD holds the value under ${keys.slice(0, 3).join(', ')}, not a property of ${input.attribute}`
      : 'the JSON-LD holds no statement with the value',
  );
}
