import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The official SQuAD v2 JSON (dev-v2.0.json), validated before use: it comes from outside. */
const squadFileSchema = z.object({
  version: z.string(),
  data: z.array(
    z.object({
      title: z.string(),
      paragraphs: z.array(
        z.object({
          context: z.string(),
          qas: z.array(
            z.object({
              id: z.string(),
              question: z.string(),
              answers: z.array(z.object({ text: z.string(), answer_start: z.number() })),
              is_impossible: z.boolean().optional(),
            }),
          ),
        }),
      ),
    }),
  ),
});

export interface SquadQuestion {
  readonly id: string;
  readonly title: string;
  readonly context: string;
  readonly question: string;
  /** Gold answer texts; empty for an unanswerable question. */
  readonly answers: readonly string[];
}

export const SQUAD_FILE = 'dev-v2.0.json';

/** Every question of the file with its paragraph, in file order. */
export function loadSquad(dir: string): SquadQuestion[] {
  const unvalidated: unknown = JSON.parse(readFileSync(join(dir, SQUAD_FILE), 'utf8'));
  const file = squadFileSchema.parse(unvalidated);
  return file.data.flatMap((article) =>
    article.paragraphs.flatMap((p) =>
      p.qas.map((qa) => ({
        id: qa.id,
        title: article.title.replace(/_/g, ' '),
        context: p.context,
        question: qa.question,
        answers: qa.is_impossible === true ? [] : qa.answers.map((a) => a.text),
      })),
    ),
  );
}
