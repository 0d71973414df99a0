import type { ClaimOutcome } from '@forage/contracts';
import type { OriginalRun } from './original.js';

/** What the replay reached for one question. */
export interface ReplayedQuestion {
  readonly question: string;
  readonly answer: string | undefined;
}

/** The replay's verdict on one claim: the original claim re-verified, or the replay's own answer. */
export interface ReplayedClaim {
  readonly text: string;
  readonly verdict: 'verified' | 'rejected';
  readonly outcome: ClaimOutcome | undefined;
  readonly reasons: readonly string[];
}

export interface ReplayReport {
  readonly runId: string;
  readonly pages: number;
  readonly chunks: number;
  readonly same: boolean;
  readonly questions: readonly { question: string; original: string | null; replay: string | null }[];
  readonly claims: readonly { text: string; original: string; replay: string; reasons: readonly string[] }[];
  readonly released: { original: boolean | null; replay: boolean };
  readonly differences: readonly string[];
}

const norm = (text: string | undefined): string => (text ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();

/**
 * Compares the replay with the run as logged: each question's top answer, each recorded claim's
 * verdict (re-verified against the same evidence), and whether the answer would be released.
 */
export function compareReplay(input: {
  runId: string;
  original: OriginalRun;
  chunks: number;
  questions: readonly ReplayedQuestion[];
  claims: readonly ReplayedClaim[];
  released: boolean;
  /** Pages that could not be understood again, and why. */
  failures?: readonly string[];
}): ReplayReport {
  const differences: string[] = [...(input.failures ?? [])];
  const replayed = new Map(input.questions.map((q) => [q.question, q.answer]));
  const questions = input.original.questions.map(({ question, answer }) => {
    const again = replayed.get(question);
    if (norm(again) !== norm(answer))
      differences.push(`question "${question}": answered ${quote(answer)} then, ${quote(again)} on replay`);
    return { question, original: answer ?? null, replay: again ?? null };
  });
  const originalClaims = input.original.verdict?.claims ?? [];
  const claims = originalClaims.map((claim, i) => {
    const again = input.claims[i];
    const replay = again ? (again.outcome ?? again.verdict) : 'not re-verified';
    const original = claim.outcome ?? claim.verdict;
    if (!again || again.verdict !== claim.verdict || (claim.outcome && again.outcome !== claim.outcome))
      differences.push(
        `claim "${claim.text}": ${original} then, ${replay} on replay${again?.reasons.length ? ` (${again.reasons.join('; ')})` : ''}`,
      );
    return { text: claim.text, original, replay, reasons: again?.reasons ?? [] };
  });
  const originalReleased = input.original.verdict?.released ?? null;
  if (originalReleased === null) differences.push('the run has no recorded verdict to compare with');
  else if (originalReleased !== input.released)
    differences.push(
      `the answer was ${originalReleased ? 'released' : 'withheld'} then, ${input.released ? 'released' : 'withheld'} on replay`,
    );
  if (input.original.pages.length === 0) differences.push('the run logged no captured page to replay');
  return {
    runId: input.runId,
    pages: input.original.pages.length,
    chunks: input.chunks,
    same: differences.length === 0,
    questions,
    claims,
    released: { original: originalReleased, replay: input.released },
    differences,
  };
}

/** The report as a person reads it. */
export function replayLines(report: ReplayReport): string[] {
  const lines = [
    `replay of run ${report.runId}: ${String(report.pages)} stored pages, ${String(report.chunks)} chunks`,
  ];
  for (const q of report.questions)
    lines.push(
      `  question "${q.question}": ${quote(q.original ?? undefined)} → ${quote(q.replay ?? undefined)}`,
    );
  for (const c of report.claims) lines.push(`  claim "${c.text}": ${c.original} → ${c.replay}`);
  lines.push(
    `  released: ${String(report.released.original ?? 'no verdict')} → ${String(report.released.replay)}`,
  );
  if (report.same) lines.push('same answer and verdicts');
  else {
    lines.push(`${String(report.differences.length)} difference(s):`);
    for (const d of report.differences) lines.push(`  - ${d}`);
  }
  return lines;
}

function quote(text: string | undefined): string {
  return text === undefined ? 'no answer' : `"${text}"`;
}
