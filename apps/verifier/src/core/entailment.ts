import type { CheckResult, Claim, ClaimVerdict } from '@forage/contracts';
import { outcomeOf } from './outcome.js';
import { releasedConfidence } from './released-confidence.js';
import type { SnapshotPage } from './page/snapshot-page.js';

/** What the model is asked about one claim: the statement, and the words of the stored page at its XPath. */
export interface EntailmentQuestion {
  readonly claimId: string;
  /** The claim as a statement: "<subject> — <attribute>: <value>". */
  readonly statement: string;
  /** The text of the node at the claim's XPath in the stored, hashed DOM (never the orchestrator's snippet). */
  readonly evidence: string;
}

/** The model's answer: does the evidence say this? */
export interface EntailmentAnswer {
  readonly claimId: string;
  readonly entailed: boolean;
  readonly reason: string;
}

/** The longest evidence passage the model is shown. */
const MAX_EVIDENCE = 2_000;

/**
 * The claims worth asking about: only those every deterministic check verified (a refused claim
 * stays refused whatever a model says), each with its node's text read from the stored page.
 */
export function entailmentQuestions(input: {
  claims: readonly Claim[];
  verdicts: readonly ClaimVerdict[];
  pageOf: (claim: Claim) => SnapshotPage | undefined;
}): EntailmentQuestion[] {
  const verified = new Set(input.verdicts.filter((v) => v.verdict === 'verified').map((v) => v.claimId));
  const out: EntailmentQuestion[] = [];
  for (const claim of input.claims) {
    if (!verified.has(claim.claimId) || claim.kind === 'derived_answer') continue;
    const node = input.pageOf(claim)?.textAt(claim.source.xpath);
    if (!node?.found) continue;
    out.push({
      claimId: claim.claimId,
      statement: statementOf(claim),
      evidence: node.text.slice(0, MAX_EVIDENCE),
    });
  }
  return out;
}

/** A claim in words: what it is about, which attribute, what value. */
export function statementOf(claim: Claim): string {
  const subject = claim.subject?.asked ?? (claim.subject?.mainItem ? 'the main item of the page' : undefined);
  const attribute = claim.attribute?.id ?? claim.field;
  const value = valueOf(claim);
  const parts = [subject, attribute ? `${attribute}: ${value}` : value].filter((p): p is string =>
    Boolean(p),
  );
  return parts.join(' — ');
}

function valueOf(claim: Claim): string {
  const value = claim.value;
  if (!value) return claim.text;
  switch (value.type) {
    case 'money':
      return `${String(value.amount)}${value.currency ? ` ${value.currency}` : ''}`;
    case 'number':
      return `${String(value.amount)}${value.unit ? ` ${value.unit}` : ''}`;
    case 'date':
      return value.iso;
    case 'boolean':
      return `${claim.text} (${String(value.value)})`;
    case 'name':
    case 'member':
      return value.text;
  }
}

/**
 * Adds the model's `entailment` check to the claims it was asked about. It can only withhold: a
 * "no" turns a verified claim into an `unsupported` one with the model's reason; a "yes" is
 * recorded and changes nothing; a claim a deterministic check rejected is never touched.
 */
export function withEntailment(input: {
  verdicts: readonly ClaimVerdict[];
  claims: readonly Claim[];
  answers: readonly EntailmentAnswer[];
  model: string;
}): ClaimVerdict[] {
  const claimOf = new Map(input.claims.map((c) => [c.claimId, c]));
  const byClaim = new Map(input.answers.map((a) => [a.claimId, a]));
  return input.verdicts.map((verdict) => {
    const answer = byClaim.get(verdict.claimId);
    if (!answer || verdict.verdict !== 'verified') return verdict;
    const check: CheckResult = {
      name: 'entailment',
      passed: answer.entailed,
      detail:
        `${input.model} ${answer.entailed ? 'reads' : 'does not read'} the claim in the evidence: ${answer.reason}`.slice(
          0,
          900,
        ),
    };
    const checks = [...verdict.checks, check];
    const claim = claimOf.get(verdict.claimId);
    if (answer.entailed)
      return {
        ...verdict,
        checks,
        ...(claim ? { confidence: releasedConfidence(claim, checks, true) } : {}),
      };
    const { outcome, reasons } = outcomeOf({ checks });
    return { ...verdict, verdict: 'rejected', outcome, reasons, checks, confidence: 0 };
  });
}
