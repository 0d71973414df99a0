/**
 * eval:squad — processing's answer path without any model on SQuAD 2.0 dev (the CS224N split's
 * half in ../shared/bench/squad2-dev), scored with the official EM/F1 (HasAns and NoAns), beside
 * the always-abstain baseline; prints the reliability table (confidence bucket → accuracy) and the
 * abstention threshold calibrated by two-fold cross-validation over articles.
 *
 *   node tools/bench/dist/eval-squad.js --data ../shared/bench/squad2-dev [--threshold 0.35] [--errors 20] [--predictions FILE]
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  bestThreshold,
  crossValidated,
  reliabilityTable,
  scoreAt,
  type Prediction,
} from './squad/calibration.js';
import { loadSquad, SQUAD_FILE } from './squad/dataset.js';
import { forageAnswer } from './squad/forage.js';
import { scoreQuestion, summarize, type Summary } from './squad/metric.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/bench/squad2-dev' },
    threshold: { type: 'string', default: '0.35' },
    errors: { type: 'string', default: '0' },
    /** Writes each question's best answer as a dev set line for `forage calibrate --data`. */
    predictions: { type: 'string' },
  },
});
const dir = resolve(values.data);
if (!existsSync(join(dir, SQUAD_FILE))) {
  console.log(`eval:squad skipped: ${join(dir, SQUAD_FILE)} not found (pass --data <dir>)`);
  process.exit(0);
}
const fixedThreshold = Number(values.threshold);

const line = (label: string, s: Summary): string =>
  `${label.padEnd(34)} F1 ${s.f1.toFixed(1).padStart(5)}  EM ${s.em.toFixed(1).padStart(5)}  HasAns F1 ${s.hasAnsF1
    .toFixed(1)
    .padStart(5)} (EM ${s.hasAnsEm.toFixed(1)})  NoAns acc ${s.noAnsAcc.toFixed(1).padStart(5)}`;

const questions = loadSquad(dir);
const started = performance.now();
const predictions: Prediction[] = [];
/** The same candidates scored by the components alone: the seed's combination is kept unless one of these beats it. */
const alternatives = { 'qa only': [] as Prediction[], 'retriever only': [] as Prediction[] };
const types = new Map<string, number>();
for (const q of questions) {
  const { answer, confidence, type, components } = forageAnswer(q);
  types.set(type, (types.get(type) ?? 0) + 1);
  const base = { id: q.id, group: q.title, golds: q.answers, answer };
  predictions.push({ ...base, confidence });
  alternatives['qa only'].push({ ...base, confidence: components.qa * components.lengthPenalty });
  alternatives['retriever only'].push({
    ...base,
    confidence: components.retriever * components.lengthPenalty,
  });
}
const ms = performance.now() - started;

const abstain = summarize(
  questions.map((q) => ({ hasAnswer: q.answers.length > 0, ...scoreQuestion(q.answers, '') })),
);
const fixed = summarize(scoreAt(predictions, fixedThreshold));
const oracle = bestThreshold(predictions);
const cv = crossValidated(predictions);

console.log(
  `SQuAD 2.0 dev half: ${questions.length} questions (${abstain.hasAnsTotal} answerable, ${abstain.noAnsTotal} unanswerable), ${(ms / questions.length).toFixed(2)} ms/question`,
);
console.log(`expected answer types: ${[...types].map(([t, n]) => `${t} ${n}`).join(', ')}`);
console.log(line('always abstain (baseline)', abstain));
console.log(line('forage, answer everything', summarize(scoreAt(predictions, 0))));
console.log(line(`forage, threshold ${fixedThreshold} (request default)`, fixed));
console.log(line(`forage, best threshold ${oracle.threshold.toFixed(2)} (in-sample)`, oracle.summary));
console.log(
  line(`forage, cross-validated (${cv.thresholds.map((t) => t.toFixed(2)).join(' / ')})`, cv.summary),
);
for (const [name, alt] of Object.entries(alternatives)) {
  console.log(line(`other formula: ${name}, cross-validated`, crossValidated(alt).summary));
}
console.log(
  '\nreliability (answered candidates): confidence bucket → count, mean confidence, accuracy (mean F1)',
);
for (const row of reliabilityTable(predictions)) {
  console.log(
    `  ${row.bucket.padEnd(11)} ${String(row.count).padStart(5)}  ${row.meanConfidence.toFixed(3)}  ${row.accuracy.toFixed(3)}`,
  );
}
const errors = Number(values.errors);
if (errors > 0) {
  console.log('\nlargest misses among answered answerable questions:');
  predictions
    .filter((p) => p.golds.length > 0 && p.answer !== '')
    .map((p) => ({ p, f1: scoreQuestion(p.golds, p.answer).f1, q: questions.find((q) => q.id === p.id) }))
    .filter((x) => x.f1 === 0)
    .slice(0, errors)
    .forEach((x) => {
      console.log(
        `  ${x.q?.question ?? ''} → "${x.p.answer}" (${x.p.confidence}) gold ${JSON.stringify(x.p.golds.slice(0, 2))}`,
      );
    });
}
if (values.predictions) {
  writeFileSync(
    values.predictions,
    predictions
      .map((p) => JSON.stringify({ confidence: p.confidence, answer: p.answer, golds: p.golds }))
      .join('\n') + '\n',
  );
  console.log(`\npredictions for forage calibrate written to ${values.predictions}`);
}
const r = cv.summary;
console.log(
  `RESULT f1=${r.f1.toFixed(1)} em=${r.em.toFixed(1)} hasans_f1=${r.hasAnsF1.toFixed(1)} noans_acc=${r.noAnsAcc.toFixed(1)} abstain_baseline_f1=${abstain.f1.toFixed(1)}`,
);
