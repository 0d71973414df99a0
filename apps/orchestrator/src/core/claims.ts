import type { Citation, Claim, ClaimVerdict, ScoredAnswer } from '@forage/contracts';
import type { PageSnapshot } from './activities.js';

/** One claim per candidate answer, pointing at the extraction record that holds its evidence. */
export function claimsFrom(answers: readonly ScoredAnswer[]): Claim[] {
  return answers.map((answer, i) => ({
    claimId: `answer-${i + 1}`,
    text: answer.text,
    confidence: answer.confidence,
    source: {
      url: answer.source.url,
      xpath: answer.source.xpath,
      snippet: answer.source.snippet,
      domSnapshot: answer.source.domSnapshot,
      logRecordId: answer.source.logRecordId,
    },
  }));
}

export function citationFor(input: {
  answer: ScoredAnswer;
  pages: ReadonlyMap<string, PageSnapshot>;
}): Citation {
  const page = input.pages.get(input.answer.source.logRecordId);
  return {
    url: input.answer.source.url,
    title: input.answer.source.title,
    snippet: input.answer.source.snippet,
    xpath: input.answer.source.xpath,
    logRecordId: input.answer.source.logRecordId,
    evidence: { domSnapshot: input.answer.source.domSnapshot, screenshot: page?.evidence.screenshot ?? null },
  };
}

/** Why a claim was not released, in one line per failed check. */
export function failureReasons(verdict: ClaimVerdict): string {
  return verdict.checks
    .filter((c) => !c.passed)
    .map((c) => `${c.name}: ${c.detail}`)
    .join('; ');
}
