import type { Claim, RecordedVerdict } from '@forage/contracts';
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
    claims: input.claims.map((claim) => ({
      claimId: claim.claimId,
      verdict: verdicts.get(claim.claimId)?.verdict ?? 'rejected',
      outcome: verdicts.get(claim.claimId)?.outcome ?? 'evidence_missing',
      ...(claim.kind ? { kind: claim.kind } : {}),
      ...(claim.field ? { field: claim.field } : {}),
      text: claim.text,
      url: claim.source.url,
      xpath: claim.source.xpath,
      snippet: claim.source.snippet,
      logRecordId: claim.source.logRecordId,
      domSnapshotSha256: claim.source.domSnapshot.sha256,
    })),
  };
}
