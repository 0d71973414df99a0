/**
 * eval:hotpot-processing — processing alone on HotpotQA dev (distractor setting): each question's
 * ten paragraphs are written as pages, cut into chunks by dom-understanding's chunker, and given to
 * processing's heuristic answer path (no model, no threshold: HotpotQA questions all have an
 * answer). Scored with the official metric: answer EM / F1 (normalised as in SQuAD; yes/no must
 * match) and supporting-sentence F1 of the sentences processing offers as evidence (the best
 * sentence of each of the two best pages, plus the answer's own sentence).
 *
 *   node tools/bench/dist/eval-hotpot-processing.js --data ../shared/bench/hotpotqa-dev [--errors 10]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeQuestion, answerHeuristically, supportingSentences } from '@forage/app-processing';
import { HOTPOT_FILE, loadHotpotItems } from './hotpot-e2e/dataset.js';
import { chunksOf, sentenceKey } from './hotpot-processing/pages.js';
import { exactMatch, f1Score } from './squad/metric.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/bench/hotpotqa-dev' },
    errors: { type: 'string', default: '0' },
    /** The threshold a running stack releases answers at (ORCH_MIN_CONFIDENCE's default): also reported. */
    'stack-threshold': { type: 'string', default: '0.35' },
  },
});
const dir = resolve(values.data);
if (!existsSync(join(dir, HOTPOT_FILE))) {
  console.log(`eval:hotpot-processing skipped: ${join(dir, HOTPOT_FILE)} not found (pass --data <dir>)`);
  process.exit(0);
}
const items = loadHotpotItems(dir);
const rows: {
  em: number;
  f1: number;
  confidence: number;
  sp: number;
  type: string;
  question: string;
  answer: string;
  gold: string;
}[] = [];
const started = performance.now();
for (const item of items) {
  const chunks = chunksOf(item);
  const outcome = answerHeuristically({ question: item.question, chunks, maxAnswers: 1, minConfidence: 0 });
  const best = outcome.answers[0];
  const answer = best?.text ?? '';
  const answerChunk = best ? chunks.find((c) => c.chunkId === best.source.chunkId) : undefined;
  const support = supportingSentences({
    question: analyzeQuestion(item.question),
    chunks,
    pages: 2,
    ...(best && answerChunk ? { answerSnippet: { chunk: answerChunk, snippet: best.source.snippet } } : {}),
  });
  // a derived answer (yes/no, a compared option) names the sentences it rests on: those are its evidence
  const evidence = best?.derivation
    ? best.derivation.sources.map((s) => ({ title: s.title, sentence: s.snippet }))
    : support.map((s) => ({ title: s.chunk.title, sentence: s.sentence }));
  const predicted = new Set(
    evidence.flatMap((s) => {
      const key = sentenceKey(item, s.title, s.sentence);
      return key ? [key] : [];
    }),
  );
  let hits = 0;
  for (const key of predicted) if (item.supporting.has(key)) hits++;
  const precision = predicted.size > 0 ? hits / predicted.size : 0;
  const recall = item.supporting.size > 0 ? hits / item.supporting.size : 0;
  const sp = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  rows.push({
    em: exactMatch(item.answer, answer),
    f1: f1Score(item.answer, answer),
    confidence: best?.confidence ?? 0,
    sp,
    type: item.type,
    question: item.question,
    answer,
    gold: item.answer,
  });
}
const seconds = (performance.now() - started) / 1000;
const mean = (xs: readonly number[]): number =>
  xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
console.log(
  `HotpotQA dev (distractor): ${items.length} questions, ${((seconds * 1000) / items.length).toFixed(1)} ms/question`,
);
for (const type of [...new Set(rows.map((r) => r.type))]) {
  const r = rows.filter((x) => x.type === type);
  console.log(
    `  ${type.padEnd(11)} ${String(r.length).padStart(4)}  answer F1 ${(100 * mean(r.map((x) => x.f1))).toFixed(1)}  EM ${(100 * mean(r.map((x) => x.em))).toFixed(1)}  sp F1 ${(100 * mean(r.map((x) => x.sp))).toFixed(1)}`,
  );
}
// the same answers as a stack releases them: one below the threshold is withheld (scored as empty)
const threshold = Number(values['stack-threshold']);
const released = rows.filter((r) => r.confidence >= threshold);
console.log(
  `  at the stack's threshold ${threshold.toFixed(2)}: ${released.length}/${rows.length} released, answer F1 ${(100 * mean(rows.map((r) => (r.confidence >= threshold ? r.f1 : 0)))).toFixed(1)}  EM ${(100 * mean(rows.map((r) => (r.confidence >= threshold ? r.em : 0)))).toFixed(1)}`,
);
const errors = Number(values.errors);
if (errors > 0) {
  console.log('\nmissed answers:');
  rows
    .filter((r) => r.f1 === 0)
    .slice(0, errors)
    .forEach((r) => {
      console.log(`  ${r.question} → "${r.answer}" gold "${r.gold}"`);
    });
}
console.log(
  `RESULT answer_f1=${(100 * mean(rows.map((r) => r.f1))).toFixed(1)} answer_em=${(100 * mean(rows.map((r) => r.em))).toFixed(1)} sp_f1=${(100 * mean(rows.map((r) => r.sp))).toFixed(1)}`,
);
