import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const HOTPOT_FILE = 'hotpot_dev_distractor.json';

const fileSchema = z.array(
  z.object({
    _id: z.string(),
    question: z.string(),
    answer: z.string(),
    type: z.string().optional(),
    supporting_facts: z.array(z.tuple([z.string(), z.number()])),
    context: z.array(z.tuple([z.string(), z.array(z.string())])),
  }),
);

/** One HotpotQA question with its paragraphs as sentences, its answer and its supporting sentences. */
export interface HotpotItem {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly type: string;
  readonly paragraphs: readonly { readonly title: string; readonly sentences: readonly string[] }[];
  /** Supporting facts as "title\u0000sentence index". */
  readonly supporting: ReadonlySet<string>;
}

export const factKey = (title: string, sentence: number): string => `${title}\u0000${String(sentence)}`;

export function loadHotpotItems(dir: string): HotpotItem[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, HOTPOT_FILE), 'utf8'));
  return fileSchema.parse(raw).map((q) => ({
    id: q._id,
    question: q.question,
    answer: q.answer,
    type: q.type ?? 'unknown',
    paragraphs: q.context.map(([title, sentences]) => ({ title, sentences })),
    supporting: new Set(q.supporting_facts.map(([t, s]) => factKey(t, s))),
  }));
}
