import type { Citation, Claim, ClaimVerdict, ScoredAnswer, Source } from '@forage/contracts';
import type { PageSnapshot } from './activities.js';
import type { ClaimStatement } from './claim-statement.js';

type AnswerSource = Pick<Source, 'url' | 'title' | 'xpath' | 'snippet' | 'domSnapshot' | 'logRecordId'>;

/**
 * The claim for one answer. A span quotes its source; a derived answer ("yes"/"no", a chosen
 * option) is a `derived_answer` claim carrying its rule and every snippet it rests on, so the
 * verifier checks the evidence and never looks for "yes" in a snippet.
 */
export function claimOf(answer: ScoredAnswer, claimId: string, statement: ClaimStatement = {}): Claim {
  const base = {
    claimId,
    text: answer.text,
    confidence: answer.confidence,
    // the one Source shape, passed on as the answer carries it
    source: answer.source,
    ...statement,
  };
  if (!answer.derivation) return base;
  return {
    ...base,
    kind: 'derived_answer',
    derivation: {
      kind: answer.derivation.kind,
      rule: answer.derivation.rule,
      supports: answer.derivation.sources,
    },
  };
}

/** One claim per candidate answer, pointing at the extraction record that holds its evidence. */
export function claimsFrom(answers: readonly ScoredAnswer[]): Claim[] {
  return answers.map((answer, i) => claimOf(answer, `answer-${String(i + 1)}`));
}

/** The answer's citations: its source, or for a derived answer each snippet it was derived from (each once). */
export function citationsFor(input: {
  answer: ScoredAnswer;
  pages: ReadonlyMap<string, PageSnapshot>;
}): Citation[] {
  const sources: AnswerSource[] = [input.answer.source, ...(input.answer.derivation?.sources ?? [])];
  const seen = new Set<string>();
  return sources.flatMap((source) => {
    const key = [source.logRecordId, source.domSnapshot.sha256, source.xpath, source.snippet].join('\u0000');
    if (seen.has(key)) return [];
    seen.add(key);
    return [citationOf(source, input.pages)];
  });
}

function citationOf(source: AnswerSource, pages: ReadonlyMap<string, PageSnapshot>): Citation {
  const page = pages.get(source.logRecordId);
  return {
    url: source.url,
    title: source.title,
    snippet: source.snippet,
    xpath: source.xpath,
    logRecordId: source.logRecordId,
    evidence: { domSnapshot: source.domSnapshot, screenshot: page?.evidence.screenshot ?? null },
  };
}

/** Why a claim was not released, in one line per failed check. */
export function failureReasons(verdict: ClaimVerdict): string {
  return verdict.checks
    .filter((c) => !c.passed)
    .map((c) => `${c.name}: ${c.detail}`)
    .join('; ');
}
