import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const HOTPOT_FILE = 'hotpot_dev_distractor.json';

const hotpotSchema = z.array(
  z.object({
    _id: z.string(),
    question: z.string(),
    answer: z.string(),
    type: z.string().optional(),
    supporting_facts: z.array(z.tuple([z.string(), z.number()])),
    context: z.array(z.tuple([z.string(), z.array(z.string())])),
  }),
);

/** One HotpotQA question with its ten paragraphs (title, sentences), gold answer and supporting sentences. */
export interface HotpotItem {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly type: string;
  readonly paragraphs: readonly { readonly title: string; readonly sentences: readonly string[] }[];
  /** `title#sentenceIndex` of every supporting sentence. */
  readonly support: ReadonlySet<string>;
}

/** The official file (validated: it comes from outside). */
export function loadHotpotItems(dir: string): HotpotItem[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, HOTPOT_FILE), 'utf8'));
  return hotpotSchema.parse(raw).map((q) => ({
    id: q._id,
    question: q.question,
    answer: q.answer,
    type: q.type ?? 'unknown',
    paragraphs: q.context.map(([title, sentences]) => ({ title, sentences })),
    support: new Set(q.supporting_facts.map(([title, i]) => `${title}#${i}`)),
  }));
}
