import type {
  CheckResult,
  Claim,
  ClaimSource,
  ClaimVerdict,
  CommandReply,
  StoredLogRecord,
  verifyRun,
} from '@forage/contracts';
import {
  CHECK_NAMES,
  checkAnswerInSnippet,
  checkChainValid,
  checkConfidence,
  checkEvidenceIntact,
  checkEvidenceMatchesRecord,
  checkRecordExists,
  sha256Hex,
  type CheckName,
} from './checks.js';
import {
  checkAnswerDerived,
  checkNotDerived,
  checkSupports,
  isDerived,
  type SourceEvidence,
} from './derived.js';
import { outcomeOf } from './outcome.js';
import { releasedConfidence } from './released-confidence.js';
import { SnapshotPage } from './page/snapshot-page.js';
import { readSnippetAtXPath } from './snippet-at-xpath.js';
import type { ChainVerdict, FetchedEvidence } from './inputs.js';
import { missingRecordIds } from './trace.js';
import { checkHops } from './statement/hops.js';
import { statementChecks } from './statement/statement-checks.js';

/** Everything the verdict depends on, gathered by the handler. */
export interface RunEvidence {
  readonly runId: string;
  readonly claims: readonly Claim[];
  readonly expectedRecordIds: readonly string[];
  readonly minConfidence: number;
  /** The run's stored records, as logging returned them. */
  readonly records: readonly StoredLogRecord[];
  readonly chain: ChainVerdict;
  /** Fetched DOM snapshots by sha256. */
  readonly evidence: ReadonlyMap<string, FetchedEvidence>;
}

export type RunJudgement = Omit<CommandReply<typeof verifyRun>, 'runId' | 'logRecordId'>;

/**
 * Judges every claim with every check. A claim is verified only if all checks pass; the answer is
 * released only with a complete trace, an intact log chain and at least one verified claim.
 */
export function judgeRun(input: RunEvidence): RunJudgement {
  const records = new Map(input.records.map((r) => [r.record_id, r]));
  const pages = new Map<string, SnapshotPage | undefined>();
  const pageOf = (sha256: string): SnapshotPage | undefined => {
    if (!pages.has(sha256)) pages.set(sha256, readPage(sha256, input.evidence.get(sha256)));
    return pages.get(sha256);
  };
  const evidenceOf = (source: ClaimSource): SourceEvidence => ({
    record: records.get(source.logRecordId),
    evidence: input.evidence.get(source.domSnapshot.sha256),
    page: pageOf(source.domSnapshot.sha256),
  });
  const own = input.claims.map((claim) =>
    isDerived(claim)
      ? judgeDerivedClaim({ ...input, claim, evidenceOf })
      : judgeClaim({
          runId: input.runId,
          claim,
          ...evidenceOf(claim.source),
          minConfidence: input.minConfidence,
          chain: input.chain,
        }),
  );
  const verdicts = withHops(input.claims, own);
  const missing = missingRecordIds(input.expectedRecordIds, input.records);
  const trace = { complete: missing.length === 0, missingRecordIds: missing, chainValid: input.chain.valid };
  const released = trace.complete && trace.chainValid && verdicts.some((v) => v.verdict === 'verified');
  return { verdicts, trace, released };
}

export function judgeClaim(input: {
  runId: string;
  claim: Claim;
  record: StoredLogRecord | undefined;
  evidence: FetchedEvidence | undefined;
  page: SnapshotPage | undefined;
  minConfidence: number;
  chain: ChainVerdict;
}): ClaimVerdict {
  const atXPath = readSnippetAtXPath(input);
  const statement = statementChecks(input);
  const checks = [
    checkRecordExists(input),
    checkEvidenceMatchesRecord(input),
    checkEvidenceIntact(input),
    checkNotDerived(input) ?? checkAnswerInSnippet(input),
    atXPath.check,
    ...statement.checks,
    checkConfidence(input),
    checkChainValid(input),
  ];
  return verdictOf(input.claim, checks, atXPath.contradiction, statement.bindings);
}

/**
 * A derived answer ("yes"/"no", a chosen option): every supporting snippet must pass the evidence
 * checks at its XPath in its snapshot, and the answer must be what its rule can give; its text is
 * never looked for in a snippet.
 */
export function judgeDerivedClaim(input: {
  runId: string;
  claim: Claim;
  evidenceOf: (source: ClaimSource) => SourceEvidence;
  minConfidence: number;
  chain: ChainVerdict;
}): ClaimVerdict {
  const supports = checkSupports(input);
  const checks = [
    supports.recordExists,
    supports.evidenceMatchesRecord,
    supports.evidenceIntact,
    checkAnswerDerived({ claim: input.claim, pageTextOf: (s) => input.evidenceOf(s).page?.text }),
    supports.snippetAtXPath,
    checkConfidence(input),
    checkChainValid(input),
  ];
  return verdictOf(input.claim, checks, undefined);
}

function verdictOf(
  claim: Claim,
  checks: CheckResult[],
  contradiction: string | undefined,
  bindings: NonNullable<ClaimVerdict['bindings']> = [],
): ClaimVerdict {
  const { outcome, reasons } = outcomeOf({ checks, ...(contradiction ? { contradiction } : {}) });
  return {
    claimId: claim.claimId,
    verdict: outcome === 'verified' ? 'verified' : 'rejected',
    outcome,
    reasons,
    checks,
    ...(bindings.length > 0 ? { bindings } : {}),
    confidence: releasedConfidence(claim, checks, outcome === 'verified'),
  };
}

/** Adds the `hops` check to every hop of a nested question, from which claims passed their own checks. */
function withHops(claims: readonly Claim[], verdicts: readonly ClaimVerdict[]): ClaimVerdict[] {
  const passed = new Set(verdicts.filter((v) => v.verdict === 'verified').map((v) => v.claimId));
  const hops = checkHops({ claims, passedOwnChecks: passed });
  return verdicts.map((verdict, i) => {
    const hop = hops.get(verdict.claimId);
    const claim = claims[i];
    if (!hop || !claim) return verdict;
    const checks = [...verdict.checks];
    checks.splice(Math.max(0, checks.length - 2), 0, hop);
    return verdictOf(claim, checks, undefined, verdict.bindings);
  });
}

/** A snapshot read through the text model, only when it is present and hashes to its name. */
export function readPage(sha256: string, evidence: FetchedEvidence | undefined): SnapshotPage | undefined {
  if (evidence?.status !== 'found' || sha256Hex(evidence.data) !== sha256) return undefined;
  return new SnapshotPage(Buffer.from(evidence.data).toString('utf8'));
}

/** Counts for the verifier's own log record and metrics. */
export function verdictCounts(judgement: RunJudgement): {
  claims: number;
  verified: number;
  rejected: number;
  failedChecks: Record<CheckName, number>;
} {
  const failedChecks = Object.fromEntries(CHECK_NAMES.map((name) => [name, 0])) as Record<CheckName, number>;
  for (const verdict of judgement.verdicts) {
    for (const check of verdict.checks) {
      if (!check.passed && check.name in failedChecks) failedChecks[check.name as CheckName] += 1;
    }
  }
  const verified = judgement.verdicts.filter((v) => v.verdict === 'verified').length;
  return {
    claims: judgement.verdicts.length,
    verified,
    rejected: judgement.verdicts.length - verified,
    failedChecks,
  };
}
