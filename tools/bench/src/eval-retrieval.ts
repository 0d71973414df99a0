/**
 * eval:retrieval — the local index's ranking on HotpotQA dev (distractor): each question's ten
 * paragraphs are indexed as pages and the question is the query; recall@2 and MRR of the gold
 * paragraphs for our local ranking beside plain BM25 (title counted once, no extra terms), plus
 * each term alone so every term has to earn its place.
 *
 *   node tools/bench/dist/eval-retrieval.js --data ../shared/bench/hotpotqa-dev
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Bm25Index } from '@forage/retrieval';
import { rankLocal, DEFAULT_LOCAL_WEIGHTS, type LocalRankingWeights } from '@forage/app-search';
import { HOTPOT_FILE, loadHotpot, scoreRanking, type HotpotQuestion } from './retrieval/hotpot.js';

const { values } = parseArgs({
  options: { data: { type: 'string', default: '../shared/bench/hotpotqa-dev' } },
});
const dir = resolve(values.data);
if (!existsSync(join(dir, HOTPOT_FILE))) {
  console.log(`eval:retrieval skipped: ${join(dir, HOTPOT_FILE)} not found (pass --data <dir>)`);
  process.exit(0);
}
const questions = loadHotpot(dir);

interface Variant {
  readonly name: string;
  readonly titleWeight: number;
  readonly weights: LocalRankingWeights;
}

function evaluate(variant: Variant, qs: readonly HotpotQuestion[]): { recall: number; mrr: number } {
  let recall = 0;
  let mrr = 0;
  for (const q of qs) {
    const index = new Bm25Index<{ id: string; url: string; title: string; text: string }>({
      titleWeight: variant.titleWeight,
    });
    for (const p of q.paragraphs)
      index.add({
        id: p.title,
        url: `https://en.wikipedia.org/wiki/${encodeURIComponent(p.title)}`,
        title: p.title,
        text: p.text,
      });
    const ranked = rankLocal({ index, query: q.question, limit: 10, weights: variant.weights }).map(
      (h) => h.doc.title,
    );
    const s = scoreRanking(ranked, q.gold, 2);
    recall += s.recall;
    mrr += s.rr;
  }
  return { recall: recall / qs.length, mrr: mrr / qs.length };
}

const PLAIN: Variant = { name: 'plain BM25 (title once)', titleWeight: 1, weights: { titleMention: 0 } };
const OURS: Variant = {
  name: 'ours: title x3 + title mention',
  titleWeight: 3,
  weights: DEFAULT_LOCAL_WEIGHTS,
};
const variants: Variant[] = [
  PLAIN,
  { name: 'BM25, title x3', titleWeight: 3, weights: { titleMention: 0 } },
  { name: 'BM25 + title mention', titleWeight: 1, weights: DEFAULT_LOCAL_WEIGHTS },
  OURS,
];
console.log(
  `eval:retrieval — HotpotQA dev distractor, ${questions.length} questions, 10 paragraphs each (${dir})`,
);
const results = variants.map((v) => ({ v, ...evaluate(v, questions) }));
for (const r of results)
  console.log(`${r.v.name.padEnd(34)} recall@2 ${r.recall.toFixed(3)}  MRR ${r.mrr.toFixed(3)}`);
// two halves: a term is kept only if it helps on both, not on the set as a whole
const half = Math.ceil(questions.length / 2);
for (const [label, part] of [
  ['first half', questions.slice(0, half)],
  ['second half', questions.slice(half)],
] as const) {
  const plain = evaluate(PLAIN, part);
  const ours = evaluate(OURS, part);
  console.log(
    `${label.padEnd(12)} plain recall@2 ${plain.recall.toFixed(3)} MRR ${plain.mrr.toFixed(3)} | ours recall@2 ${ours.recall.toFixed(3)} MRR ${ours.mrr.toFixed(3)}`,
  );
}
const plain = evaluate(PLAIN, questions);
const ours = evaluate(OURS, questions);
console.log(
  `RESULT recall_at_2=${ours.recall.toFixed(3)} mrr=${ours.mrr.toFixed(3)} bm25_recall_at_2=${plain.recall.toFixed(3)} bm25_mrr=${plain.mrr.toFixed(3)}`,
);
