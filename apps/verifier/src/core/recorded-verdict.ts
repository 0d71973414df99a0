import type { Claim, RecordedVerdict } from '@forage/contracts';
import { claimSources, isDerived } from './derived.js';
import type { RunJudgement } from './judge.js';

/**
 * The verdict as it goes into the verifier's log record: each claim's verdict with the text and
 * source it was judged on, so a reader of the log can check a released answer against it.
 */
export function recordedVerdictOf(input: {
  runId: string;
  claims: readonly Claim[];
  judgement: RunJudgement;
}): RecordedVerdict {
  const verdicts = new Map(input.judgement.verdicts.map((v) => [v.claimId, v]));
  return {
    runId: input.runId,
    released: input.judgement.released,
    claims: input.claims.flatMap((claim) => {
      const entry = {
        verdict: verdicts.get(claim.claimId)?.verdict ?? 'rejected',
        outcome: verdicts.get(claim.claimId)?.outcome ?? 'evidence_missing',
        ...(claim.kind ? { kind: claim.kind } : {}),
        ...(claim.field ? { field: claim.field } : {}),
        text: claim.text,
      } as const;
      const derivation =
        isDerived(claim) && claim.derivation
          ? { derivation: { kind: claim.derivation.kind, rule: claim.derivation.rule } }
          : {};
      // a derived answer is recorded once per supporting snippet, each saying it was derived
      const sources = isDerived(claim) ? claimSources(claim) : [claim.source];
      return sources.map((source, i) => ({
        claimId: i === 0 ? claim.claimId : `${claim.claimId}#${String(i + 1)}`,
        ...entry,
        url: source.url,
        xpath: source.xpath,
        snippet: source.snippet,
        logRecordId: source.logRecordId,
        domSnapshotSha256: source.domSnapshot.sha256,
        ...derivation,
      }));
    }),
  };
}
