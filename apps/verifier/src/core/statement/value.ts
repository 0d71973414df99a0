import type { CheckResult, Claim, ClaimValue } from '@forage/contracts';
import { currenciesIn, negationIn, numbersIn, unitsIn, type NumberMention } from '@forage/lexicon';
import { excerpt, fold, valueIndex } from './names.js';

const UNIT_ALIASES: Readonly<Record<string, string>> = {
  km2: 'km²',
  'sq km': 'km²',
  'square kilometres': 'km²',
  'square kilometers': 'km²',
  'sq mi': 'mi²',
  'square miles': 'mi²',
  m2: 'm²',
  lbs: 'lb',
  percent: '%',
};

function unitOf(unit: string | undefined): string | undefined {
  if (unit === undefined) return undefined;
  const lower = unit.toLowerCase();
  return UNIT_ALIASES[lower] ?? lower;
}

function fail(detail: string): CheckResult {
  return { name: 'value', passed: false, detail };
}
function pass(detail: string): CheckResult {
  return { name: 'value', passed: true, detail };
}

/**
 * The value read from the node at the claim's XPath equals the claimed value after normalisation:
 * numbers whatever their separators, with the same currency or unit when the page states one;
 * names and set members as written (case and diacritics aside). Undefined when the claim states
 * no typed value.
 */
export function checkValue(input: {
  claim: Claim;
  nodeText: string | undefined;
  /** What labels the value where it sits (row and column headers, the term before it): units and currencies stated once for a column. */
  labels?: readonly string[];
  /** For a claim about the page's main item: what its structured description declares (prices, currencies). */
  declared?: { readonly amounts: readonly string[]; readonly currencies: readonly string[] };
  /** Currencies the page states anywhere, read only when the node states none. */
  pageCurrencies?: () => readonly string[];
  /** For a claim about the page's main item: the amounts the page shows as former prices. */
  formerPrices?: readonly number[];
}): CheckResult | undefined {
  const value = input.claim.value;
  if (!value) return undefined;
  const text = input.nodeText;
  if (text === undefined) return fail('no node text to read the value from');
  switch (value.type) {
    case 'money':
    case 'number':
      return (
        declaredDiffers(value, input.declared) ??
        formerPrice(value, input.formerPrices ?? [], input.declared) ??
        numeric({
          value,
          mentions: numbersIn(text, { priceField: value.type === 'money' }),
          text,
          labels: input.labels ?? [],
          pageCurrencies: input.pageCurrencies ?? (() => []),
        })
      );
    case 'name':
    case 'member':
      return named({ value: value.text, text, subject: input.claim.subject?.asked });
    case 'date':
      return dated(value.iso, text);
    case 'boolean':
      return pass(`a ${String(value.value)} statement: checked by not_negated`);
  }
}

/**
 * The node names the value, and not only as a piece of the subject's own name: "University" read
 * inside "Orvel Northern University" says nothing about that university.
 */
function named(input: { value: string; text: string; subject: string | undefined }): CheckResult {
  const { value, text, subject } = input;
  const wanted = fold(value);
  const folded = fold(text);
  if (!folded.includes(wanted))
    return fail(`the node does not name "${excerpt(value)}"; it reads "${excerpt(text)}"`);
  const own = subject ? fold(subject) : '';
  if (own !== '' && own.includes(wanted) && own !== wanted) {
    const outside = folded.split(own).join(' \u0000 ');
    if (!outside.includes(wanted))
      return fail(
        `"${excerpt(value)}" is read only as part of the subject's own name "${excerpt(subject ?? '')}"`,
      );
  }
  return pass(`the node names "${excerpt(value)}"`);
}

function numeric(input: {
  value: Extract<ClaimValue, { type: 'money' | 'number' }>;
  mentions: readonly NumberMention[];
  text: string;
  labels: readonly string[];
  /** Currencies the page states anywhere (its structured description first): the last place a currency is read from. */
  pageCurrencies: () => readonly string[];
}): CheckResult {
  const { value, mentions, text, labels } = input;
  const same = (n: number | undefined): boolean => n !== undefined && Math.abs(n - value.amount) < 0.005;
  const equal = mentions.filter((m) => same(m.amount) || same(m.alternative));
  if (equal.length === 0)
    return fail(
      `no number in the node equals ${String(value.amount)}; it states ${
        mentions
          .map((m) => m.raw)
          .slice(0, 5)
          .join(', ') || 'none'
      } ("${excerpt(text)}")`,
    );
  if (value.type === 'money') {
    const wanted = value.currency?.toUpperCase();
    const stated = equal.flatMap((m) => (m.currency ? [m.currency] : []));
    // no currency beside the number: the ones its labels or its node state
    const near =
      stated.length > 0 ? stated : [...new Set([...labels.flatMap(currenciesIn), ...currenciesIn(text)])];
    // a currency claimed must be read somewhere: beside the amount, in its node, else on the page
    const around = near.length > 0 || !wanted ? near : input.pageCurrencies();
    if (wanted && around.length === 0)
      return fail(`the page states no currency for ${String(value.amount)}; ${wanted} cannot be read`);
    if (wanted && !around.includes(wanted))
      return fail(
        `the ${near.length > 0 ? 'node' : 'page'} states ${String(value.amount)} in ${around.slice(0, 4).join('/')}, not ${wanted}`,
      );
    return pass(`${String(value.amount)}${wanted ? ` ${wanted}` : ''} read as "${equal[0]?.raw ?? ''}"`);
  }
  const wanted = unitOf(value.unit);
  const stated = equal.flatMap((m) => (m.unit ? [unitOf(m.unit)] : m.currency ? [m.currency] : []));
  const around = stated.length > 0 ? stated : labels.flatMap(unitsIn).map(unitOf);
  if (wanted && around.length > 0 && !around.includes(wanted))
    return fail(`the node states ${String(value.amount)} in ${around.join('/')}, not ${wanted}`);
  return pass(`${String(value.amount)}${wanted ? ` ${wanted}` : ''} read as "${equal[0]?.raw ?? ''}"`);
}

/**
 * The page declares its main item's price (or currency) in its structured description, and not
 * the claimed one: the value quoted is another price on the page (an old price, another item's).
 */
function declaredDiffers(
  value: Extract<ClaimValue, { type: 'money' | 'number' }>,
  declared: { readonly amounts: readonly string[]; readonly currencies: readonly string[] } | undefined,
): CheckResult | undefined {
  if (!declared || value.type !== 'money') return undefined;
  const amounts = declared.amounts.flatMap((a) => numbersIn(a).map((m) => m.amount));
  if (amounts.length > 0 && !amounts.some((a) => Math.abs(a - value.amount) < 0.005))
    return fail(
      `the page's structured description gives the main item's price as ${[...new Set(amounts)].slice(0, 3).join(', ')}, not ${String(value.amount)}`,
    );
  const currencies = declared.currencies
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{3}$/.test(c));
  const wanted = value.currency?.toUpperCase();
  if (wanted && currencies.length > 0 && !currencies.includes(wanted))
    return fail(
      `the page's structured description prices its main item in ${[...new Set(currencies)].join('/')}, not ${wanted}`,
    );
  return undefined;
}

/** The amount is one the page shows as a former price (struck through, marked old), and not the one it declares. */
function formerPrice(
  value: Extract<ClaimValue, { type: 'money' | 'number' }>,
  former: readonly number[],
  declared: { readonly amounts: readonly string[] } | undefined,
): CheckResult | undefined {
  if (value.type !== 'money' || !former.some((a) => Math.abs(a - value.amount) < 0.005)) return undefined;
  const declaredAmounts = (declared?.amounts ?? []).flatMap((a) => numbersIn(a).map((m) => m.amount));
  if (declaredAmounts.length === 1 && Math.abs((declaredAmounts[0] ?? NaN) - value.amount) < 0.005)
    return undefined;
  return fail(`the page shows ${String(value.amount)} as a former price (struck through or marked old)`);
}

const MONTHS = [
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may', 'may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sep'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
] as const;

/** A date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) is in the text: its year, and its month and day when it has them. */
function dated(iso: string, text: string): CheckResult {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(iso);
  if (!match?.[1]) return fail(`"${iso}" is not an ISO date`);
  const [, year, month, day] = match;
  const lower = text.toLowerCase();
  if (lower.includes(iso)) return pass(`the node states ${iso}`);
  if (!new RegExp(`(?<!\\d)${year}(?!\\d)`).test(lower))
    return fail(`the node does not state the year ${year}`);
  if (month) {
    const names = MONTHS[Number(month) - 1] ?? [];
    const m = Number(month);
    const d = day ? Number(day) : undefined;
    const numeric = new RegExp(
      d === undefined
        ? `(?<!\\d)0?${String(m)}[./-]${year}`
        : `(?<!\\d)0?${String(d)}[./-]0?${String(m)}[./-]${year}|(?<!\\d)0?${String(m)}/0?${String(d)}/${year}`,
    );
    const named = names.some((n) => lower.includes(n));
    const dayOk = d === undefined || new RegExp(`(?<!\\d)0?${String(d)}(?!\\d)`).test(lower);
    if (!(numeric.test(lower) || (named && dayOk)))
      return fail(`the node states ${year} but not the date ${iso}`);
  }
  return pass(`the node states ${iso}`);
}

/**
 * Where a clause ends: a sentence end (before a quote mark or bracket too), a semicolon, a colon,
 * a comma, "but", a line. The value's clause runs from the last boundary before it to the first
 * after it.
 */
const CLAUSE_BOUNDARY = /[.!?。]["”’)\]]*\s|[;:,]\s|\sbut\s|\n/g;
/** How far after the value its clause is read ("by 1974 the talks had not …"). */
const CLAUSE_TAIL = 120;

/**
 * A clause as negation is read in it: a "non-" prefix makes a word ("non-Catholics"), not a
 * denial; "not … until X" states when something happened, at X.
 */
function readable(head: string, tail: string): string {
  const words = (text: string): string =>
    text.replace(/\bnon-(?=\p{L})/giu, '').replace(/\b(?:not|n't)\b(?=[^,;.]*\buntil\b)/giu, '');
  // "no" denies the noun it stands before: the value ("has no value") or the value's one qualifier
  const before = words(head).replace(/\bno\b(?=(?:\s+\S+){2,}\s*$)/giu, '');
  const after = words(tail).replace(/\bno\b(?!\s+longer)/giu, '');
  return `${before}value${after}`;
}

/**
 * The clause the value is quoted from does not deny it ("is not the capital", "nicht verfügbar").
 * Undefined for claims that state no attribute or value (a listed name is not a statement).
 */
export function checkNotNegated(input: {
  claim: Claim;
  nodeText: string | undefined;
}): CheckResult | undefined {
  const { claim, nodeText } = input;
  if (!claim.attribute && !claim.value) return undefined;
  if (claim.value?.type === 'boolean') return undefined;
  const name = 'not_negated';
  if (nodeText === undefined) return { name, passed: false, detail: 'no node text to read the clause from' };
  const at = valueIndex(nodeText, claim.text);
  if (at < 0) return { name, passed: true, detail: 'the value is not quoted as a span (checked by value)' };
  const before = nodeText.slice(0, at);
  const starts = [...before.matchAll(CLAUSE_BOUNDARY)].map((m) => m.index + m[0].length);
  const start = starts.at(-1) ?? 0;
  const afterText = nodeText.slice(at + claim.text.length);
  const found = afterText.search(CLAUSE_BOUNDARY);
  const end = found < 0 ? afterText.length : found;
  const clause = `${before.slice(start)}${claim.text}${afterText.slice(0, Math.min(end, CLAUSE_TAIL))}`;
  // the value's own words deny nothing ("No Doubt" is a name): it is read as a placeholder;
  // "without" denies what follows it, not this value ("€12 without VAT")
  const cue = negationIn(readable(before.slice(start), afterText.slice(0, Math.min(end, CLAUSE_TAIL))), {
    prepositions: false,
  });
  return cue
    ? { name, passed: false, detail: `the clause "${excerpt(clause.trim(), 120)}" denies it ("${cue}")` }
    : { name, passed: true, detail: 'the clause asserts it' };
}
