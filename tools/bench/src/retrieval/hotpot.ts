import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const HOTPOT_FILE = 'hotpot_dev_distractor.json';

const hotpotSchema = z.array(
  z.object({
    _id: z.string(),
    question: z.string(),
    supporting_facts: z.array(z.tuple([z.string(), z.number()])),
    context: z.array(z.tuple([z.string(), z.array(z.string())])),
  }),
);

/** One question with its paragraphs (title, text) and the titles of its gold paragraphs. */
export interface HotpotQuestion {
  readonly id: string;
  readonly question: string;
  readonly paragraphs: readonly { readonly title: string; readonly text: string }[];
  readonly gold: ReadonlySet<string>;
}

export function loadHotpot(dir: string): HotpotQuestion[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, HOTPOT_FILE), 'utf8'));
  return hotpotSchema.parse(raw).map((q) => ({
    id: q._id,
    question: q.question,
    paragraphs: q.context.map(([title, sentences]) => ({ title, text: sentences.join('') })),
    gold: new Set(q.supporting_facts.map(([title]) => title)),
  }));
}

/** Recall@k of the gold titles and the reciprocal rank of the first gold title in `ranked`. */
export function scoreRanking(
  ranked: readonly string[],
  gold: ReadonlySet<string>,
  k: number,
): { recall: number; rr: number } {
  const top = new Set(ranked.slice(0, k));
  let found = 0;
  for (const g of gold) if (top.has(g)) found++;
  const first = ranked.findIndex((t) => gold.has(t));
  return { recall: gold.size === 0 ? 0 : found / gold.size, rr: first < 0 ? 0 : 1 / (first + 1) };
}
