import type { Claim } from '@forage/contracts';
import {
  entailmentQuestions,
  withEntailment,
  type EntailmentAnswer,
  type EntailmentQuestion,
} from './entailment.js';
import type { FetchedEvidence } from './inputs.js';
import { readPage, type RunJudgement } from './judge.js';
import type { SnapshotPage } from './page/snapshot-page.js';

/** A model that reads claims in their evidence (owned by core, implemented by an adapter). */
export interface EntailmentReader {
  /** The model's name, recorded in each check it adds. */
  readonly model: string;
  /** Its answers; a question it could not answer is left out (the deterministic verdict stands). */
  read(questions: readonly EntailmentQuestion[], runId: string): Promise<EntailmentAnswer[]>;
}

/**
 * A second reading of the deterministically verified claims by a configured model. It may only
 * withhold: the release is recomputed from the verdicts after the model's checks are added.
 */
export async function reviewWithModel(input: {
  runId: string;
  claims: readonly Claim[];
  evidence: ReadonlyMap<string, FetchedEvidence>;
  judgement: RunJudgement;
  reader: EntailmentReader;
}): Promise<RunJudgement> {
  const { judgement } = input;
  const pages = new Map<string, SnapshotPage | undefined>();
  const pageOf = (claim: Claim): SnapshotPage | undefined => {
    const sha = claim.source.domSnapshot.sha256;
    if (!pages.has(sha)) pages.set(sha, readPage(sha, input.evidence.get(sha)));
    return pages.get(sha);
  };
  const questions = entailmentQuestions({ claims: input.claims, verdicts: judgement.verdicts, pageOf });
  if (questions.length === 0) return judgement;
  const answers = await input.reader.read(questions, input.runId);
  const verdicts = withEntailment({
    verdicts: judgement.verdicts,
    claims: input.claims,
    answers,
    model: input.reader.model,
  });
  const released =
    judgement.trace.complete && judgement.trace.chainValid && verdicts.some((v) => v.verdict === 'verified');
  return { ...judgement, verdicts, released };
}
