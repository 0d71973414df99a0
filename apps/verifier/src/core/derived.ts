import type { CheckResult, Claim, ClaimSource, StoredLogRecord } from '@forage/contracts';
import { normalizeText } from '@forage/html';
import { namesAttribute, numbersIn } from '@forage/lexicon';
import { MONEY_ATTRIBUTES } from './statement/attribute.js';
import { checkEvidenceIntact, checkEvidenceMatchesRecord, checkRecordExists } from './checks.js';
import type { FetchedEvidence } from './inputs.js';
import type { SnapshotPage } from './page/snapshot-page.js';
import { readSnippetAtXPath } from './snippet-at-xpath.js';

/** A claim whose answer is derived from its supports by a rule, not quoted from a page. */
export function isDerived(claim: Claim): boolean {
  return claim.kind === 'derived_answer';
}

/**
 * Every snippet a claim rests on, each once: its source, then (for a derived answer) each support.
 * A derived answer is only as good as all of them.
 */
export function claimSources(claim: Claim): ClaimSource[] {
  const all = [claim.source, ...(claim.derivation?.supports ?? [])];
  const seen = new Set<string>();
  return all.filter((s) => {
    const key = [s.logRecordId, s.domSnapshot.sha256, s.xpath, s.snippet].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the judge knows about one source: its record, its fetched snapshot and the page read from it. */
export interface SourceEvidence {
  readonly record: StoredLogRecord | undefined;
  readonly evidence: FetchedEvidence | undefined;
  readonly page: SnapshotPage | undefined;
}

/**
 * The evidence checks of a derived claim, each run on every support and passed only when it passes
 * on all of them: the record that captured it, the snapshot it cites, and the snippet at its XPath.
 * The answer's text is never looked for in a snippet (that is `answer_derived`'s question).
 */
export function checkSupports(input: {
  runId: string;
  claim: Claim;
  evidenceOf: (source: ClaimSource) => SourceEvidence;
}): {
  recordExists: CheckResult;
  evidenceMatchesRecord: CheckResult;
  evidenceIntact: CheckResult;
  snippetAtXPath: CheckResult;
} {
  const sources = claimSources(input.claim);
  const perSource = sources.map((source) => {
    const claim: Claim = { ...input.claim, source };
    const { record, evidence, page } = input.evidenceOf(source);
    return [
      checkRecordExists({ runId: input.runId, claim, record }),
      checkEvidenceMatchesRecord({ claim, record }),
      checkEvidenceIntact({ claim, evidence }),
      readSnippetAtXPath({ claim, page }).check,
    ] as const;
  });
  const merged = (index: 0 | 1 | 2 | 3): CheckResult => {
    const results = perSource.map((checks) => checks[index]);
    const name = results[0]?.name ?? 'snippet_at_xpath';
    const failed = results.flatMap((r, i) => (r.passed ? [] : [`support ${String(i + 1)}: ${r.detail}`]));
    return failed.length === 0
      ? { name, passed: true, detail: `all ${String(results.length)} supports: ${results[0]?.detail ?? ''}` }
      : { name, passed: false, detail: failed.join('; ') };
  };
  return {
    recordExists: merged(0),
    evidenceMatchesRecord: merged(1),
    evidenceIntact: merged(2),
    snippetAtXPath: merged(3),
  };
}

const YES_NO = new Set(['yes', 'no']);

/**
 * A derived answer says how it was derived and is of the form its rule gives: "yes"/"no" for a
 * yes/no rule; for a choice, an option that a supporting snippet, or the stored page a support was
 * read from (its heading names the thing the snippet is about), names: an option no evidence
 * mentions cannot have been chosen from it. A claim that is not of kind
 * `derived_answer` may not carry a derivation (it would be quoted as a span and derived at once).
 */
export function checkAnswerDerived(input: {
  claim: Claim;
  /** The normalised text of the stored page a support was read from, when it is intact. */
  pageTextOf?: (source: ClaimSource) => string | undefined;
}): CheckResult {
  const { claim } = input;
  const fail = (detail: string): CheckResult => ({ name: 'answer_derived', passed: false, detail });
  const derivation = claim.derivation;
  if (!derivation) return fail('a derived answer without its derivation (rule and supporting snippets)');
  const answer = normalizeText(claim.text).toLowerCase();
  if (answer === '') return fail('the answer is blank');
  if (derivation.kind === 'yes_no') {
    if (!YES_NO.has(answer)) return fail(`a yes/no rule gave "${claim.text}", which is neither yes nor no`);
    return {
      name: 'answer_derived',
      passed: true,
      detail: `"${answer}" derived by: ${derivation.rule}`,
    };
  }
  if (derivation.kind === 'count') {
    // re-derived: the count is the number of distinct items its supports name, each checked at its node
    const items = new Set(claimSources(claim).map((s) => `${s.url}#${s.xpath}`));
    const counted = /^\d+$/.test(answer) ? Number(answer) : undefined;
    if (counted === undefined) return fail(`a count rule gave "${claim.text}", which is not a whole number`);
    return counted === items.size
      ? {
          name: 'answer_derived',
          passed: true,
          detail: `${String(counted)} items counted by: ${derivation.rule}`,
        }
      : fail(`the count ${String(counted)} is not the ${String(items.size)} items its supports name`);
  }
  if (derivation.kind === 'sum' || derivation.kind === 'average')
    return checkQuantityDerived({ claim, kind: derivation.kind, rule: derivation.rule });
  const names = (text: string | undefined): boolean =>
    text !== undefined && normalizeText(text).toLowerCase().includes(answer);
  const sources = claimSources(claim);
  const named = sources.some((s) => names(s.snippet)) || sources.some((s) => names(input.pageTextOf?.(s)));
  if (!named)
    return fail(
      `the chosen option "${claim.text}" is named by none of the supporting snippets or their pages`,
    );
  return { name: 'answer_derived', passed: true, detail: `"${claim.text}" chosen by: ${derivation.rule}` };
}

/**
 * A sum or an average re-derived from its supports: each support states one number labelled as the
 * claim's attribute ("Population: 859,887"; an amount of money names a price by its currency), and
 * the claimed figure is their sum or mean to the precision it is written in. The supports are
 * checked at their nodes like any other; a support that states no number, several, or a number
 * under another label refuses the claim.
 */
function checkQuantityDerived(input: { claim: Claim; kind: 'sum' | 'average'; rule: string }): CheckResult {
  const { claim, kind } = input;
  const fail = (detail: string): CheckResult => ({ name: 'answer_derived', passed: false, detail });
  const attribute = claim.attribute?.id;
  if (!attribute) return fail(`a ${kind} without the attribute it adds up`);
  const supports = claimSources(claim);
  const amounts: number[] = [];
  for (const [i, support] of supports.entries()) {
    const mentions = numbersIn(support.snippet);
    const [only] = mentions;
    const which = `support ${String(i + 1)} ("${support.snippet.slice(0, 80)}")`;
    if (!only || mentions.length !== 1)
      return fail(`${which} states ${String(mentions.length)} numbers, not one`);
    const labelled =
      namesAttribute(support.snippet, attribute) !== undefined ||
      (MONEY_ATTRIBUTES.has(attribute) && only.currency !== undefined);
    if (!labelled) return fail(`${which} does not label its number as ${attribute}`);
    amounts.push(only.amount);
  }
  const claimed = numbersIn(claim.text)[0];
  if (!claimed) return fail(`the ${kind} "${claim.text}" is not a number`);
  const total = amounts.reduce((a, b) => a + b, 0);
  const expected = kind === 'sum' ? total : total / amounts.length;
  const decimals = /[.,](\d+)$/.exec(claimed.raw)?.[1]?.length ?? 0;
  const tolerance = decimals > 0 && !/^\d{1,3}([.,]\d{3})+$/.test(claimed.raw) ? 0.5 * 10 ** -decimals : 0.5;
  return Math.abs(claimed.amount - expected) <= tolerance + 1e-9
    ? {
        name: 'answer_derived',
        passed: true,
        detail: `${kind} of ${String(amounts.length)} ${attribute} values re-derived: ${String(expected)}`,
      }
    : fail(`the ${kind} of the supports' ${attribute} is ${String(expected)}, not ${claimed.raw}`);
}

/** A span or listing claim carrying a derivation is malformed: it is either quoted or derived. */
export function checkNotDerived(input: { claim: Claim }): CheckResult | undefined {
  if (!input.claim.derivation) return undefined;
  return {
    name: 'answer_in_snippet',
    passed: false,
    detail: `a claim of kind ${input.claim.kind ?? 'answer'} carries a derivation; derived answers are of kind derived_answer`,
  };
}
