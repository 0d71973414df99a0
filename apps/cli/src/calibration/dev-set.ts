import { z } from 'zod';

/**
 * One judged answer of a development set, in any of the shapes a deployment has at hand: already
 * judged (`correct`), an answer with its gold answers (`golds`), or a line of `forage ask --json`
 * with `golds` added (`answer: { text, confidence } | null`).
 */
const judgedSchema = z.object({ confidence: z.number().min(0).max(1), correct: z.boolean() });
const answeredSchema = z.object({
  confidence: z.number().min(0).max(1),
  answer: z.string(),
  golds: z.array(z.string()),
});
const askedSchema = z.object({
  answer: z.object({ text: z.string(), confidence: z.number().min(0).max(1) }).nullable(),
  golds: z.array(z.string()),
});
const entrySchema = z.union([judgedSchema, answeredSchema, askedSchema]);

/** A released answer's predicted confidence and whether it was right. */
export interface Judged {
  readonly confidence: number;
  readonly correct: boolean;
}

export class DevSetError extends Error {
  override readonly name = 'DevSetError';
}

/**
 * The dev set's judged answers, from JSON Lines or one JSON array. An unanswered question (no
 * answer, or confidence 0) is left out: calibration is about the answers a threshold would release.
 */
export function readDevSet(text: string): Judged[] {
  const trimmed = text.trim();
  const raw: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((line, i) => {
          try {
            return JSON.parse(line) as unknown;
          } catch {
            throw new DevSetError(`line ${String(i + 1)} is not JSON`);
          }
        });
  const out: Judged[] = [];
  raw.forEach((value, i) => {
    const parsed = entrySchema.safeParse(value);
    if (!parsed.success)
      throw new DevSetError(
        `entry ${String(i + 1)} is none of {confidence, correct}, {confidence, answer, golds}, {answer: {text, confidence}|null, golds}`,
      );
    const e = parsed.data;
    if ('correct' in e) out.push({ confidence: e.confidence, correct: e.correct });
    else if ('confidence' in e) {
      if (e.answer !== '' && e.confidence > 0)
        out.push({ confidence: e.confidence, correct: matchesGold(e.answer, e.golds) });
    } else if (e.answer)
      out.push({ confidence: e.answer.confidence, correct: matchesGold(e.answer.text, e.golds) });
  });
  return out;
}

/**
 * Right when it matches a gold answer as SQuAD compares answers (lower case, no punctuation or
 * articles) with token F1 ≥ 0.5: "the Eiffel Tower" and "Eiffel Tower, Paris" both answer "Eiffel Tower".
 */
export function matchesGold(answer: string, golds: readonly string[]): boolean {
  const mine = tokens(answer);
  return golds.some((gold) => {
    const theirs = tokens(gold);
    if (mine.length === 0 || theirs.length === 0) return mine.length === theirs.length;
    const pool = new Map<string, number>();
    for (const t of theirs) pool.set(t, (pool.get(t) ?? 0) + 1);
    let common = 0;
    for (const t of mine) {
      const n = pool.get(t) ?? 0;
      if (n > 0) {
        common += 1;
        pool.set(t, n - 1);
      }
    }
    if (common === 0) return false;
    const precision = common / mine.length;
    const recall = common / theirs.length;
    return (2 * precision * recall) / (precision + recall) >= 0.5;
  });
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && !['a', 'an', 'the'].includes(t));
}
