/**
 * eval:hotpot --end-to-end — the whole agent on HotpotQA (distractor setting): each question's ten
 * paragraphs are written as a small site, indexed with `forage index` into the running stack's own
 * local index (and removed again afterwards, so every question has only its own pages), and the
 * question is asked with `forage ask --json`, exactly as a user would. Scored with the official
 * metric: answer EM / F1 (yes/no must match exactly) and supporting-fact F1 from the sentences the
 * released answer cites. Only released (verified) answers count; no LLM unless one is configured.
 *
 *   npm run eval:hotpot -- --data ../shared/bench/hotpotqa-dev --end-to-end [--limit N] [--offset N] [--max-pages N] [--verbose]
 *   (without --end-to-end it runs eval-hotpot-processing: the paragraphs through dom-understanding
 *   and processing only)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadHotpotItems } from './hotpot-e2e/dataset.js';
import { answerScore, citedFacts, supportScore } from './hotpot-e2e/score.js';
import { writeSite } from './hotpot-e2e/site.js';
import { startCliStack } from './sandbox-eval/stack.js';
import { lastJsonLine, runCli } from './cli-run.js';
import { percentile } from './stats.js';

const completionSchema = z.object({
  runId: z.string().optional(),
  outcome: z.string(),
  answer: z
    .object({
      text: z.string(),
      citations: z.array(z.object({ url: z.string(), title: z.string(), snippet: z.string() })),
    })
    .nullable(),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench/hotpotqa-dev' },
      'end-to-end': { type: 'boolean', default: false },
      limit: { type: 'string' },
      // skip the first N questions (to look at one question again with --limit 1 --verbose)
      offset: { type: 'string', default: '0' },
      verbose: { type: 'boolean', default: false },
      'timeout-s': { type: 'string', default: '180' },
      // the run's page budget (forage ask --max-pages): a bridge question needs its pages from two searches
      'max-pages': { type: 'string', default: '10' },
    },
  });
  if (!values['end-to-end']) {
    // without --end-to-end: the paragraphs through dom-understanding and processing only
    const processingLevel = resolve(import.meta.dirname, 'eval-hotpot-processing.js');
    return (
      spawnSync(process.execPath, [processingLevel, ...process.argv.slice(2)], { stdio: 'inherit' }).status ??
      1
    );
  }
  const root = resolve(import.meta.dirname, '..', '..', '..');
  let items = loadHotpotItems(resolve(values.data));
  items = items.slice(Number(values.offset));
  if (values.limit) items = items.slice(0, Number(values.limit));
  console.log(`${String(items.length)} questions; starting the stack (forage up)…`);
  const stack = await startCliStack(root);
  const sites = mkdtempSync(join(tmpdir(), 'forage-hotpot-'));
  const rows: { em: number; f1: number; sp: number; seconds: number; answered: boolean }[] = [];
  try {
    const dataDir = stack.dataDir;
    for (const item of items) {
      const dir = join(sites, item.id);
      writeSite(dir, item);
      const indexed = await runCli(root, ['index', dir, '--data-dir', dataDir], 120_000);
      if (indexed.code !== 0) throw new Error(`forage index failed: ${indexed.stderr.slice(-2000)}`);
      const started = performance.now();
      const asked = await runCli(
        root,
        ['ask', '--json', '--max-pages', values['max-pages'], '--data-dir', dataDir, item.question],
        Number(values['timeout-s']) * 1000,
      );
      const seconds = (performance.now() - started) / 1000;
      await runCli(root, ['index', '--remove', dir, '--data-dir', dataDir], 60_000);
      const parsed = completionSchema.safeParse(lastJsonLine(asked.stdout));
      const answer = parsed.success ? parsed.data.answer : null;
      const prediction = answer?.text ?? '';
      const { em, f1 } = answerScore(item.answer, prediction);
      const sp = supportScore(item.supporting, citedFacts(item, answer?.citations ?? []));
      rows.push({ em, f1, sp, seconds, answered: answer !== null });
      console.log(
        `${f1 >= 0.5 ? 'ok  ' : 'miss'} f1=${f1.toFixed(2)} sp=${sp.toFixed(2)} ${seconds.toFixed(1).padStart(6)} s  ${parsed.success ? parsed.data.outcome : `exit ${String(asked.code)}`}  ${item.question.slice(0, 90)}`,
      );
      if (values.verbose || f1 < 0.5)
        console.log(
          `       gold: ${item.answer} | predicted: ${prediction.replace(/\n/g, ' | ').slice(0, 200)}`,
        );
      const runId = parsed.success ? parsed.data.runId : undefined;
      if (values.verbose && f1 < 0.5 && runId) {
        // where the answer was lost: the run's steps as `forage show` prints them
        const shown = await runCli(root, ['show', runId, '--data-dir', dataDir], 60_000);
        for (const line of shown.stdout
          .split('\n')
          .filter((l) => /answer|verif|plan|search|visit|AGGREGATE|TERMINATE/i.test(l))
          .slice(0, 40))
          console.log(`       | ${line.slice(0, 220)}`);
      }
    }
  } finally {
    rmSync(sites, { recursive: true, force: true });
    await stack.stop();
  }
  const n = Math.max(1, rows.length);
  const mean = (f: (r: (typeof rows)[number]) => number): number =>
    (100 * rows.reduce((s, r) => s + f(r), 0)) / n;
  console.log(
    `RESULT answer_f1=${mean((r) => r.f1).toFixed(1)} answer_em=${mean((r) => r.em).toFixed(1)} sp_f1=${mean((r) => r.sp).toFixed(1)} questions=${String(rows.length)} answered=${mean((r) => (r.answered ? 1 : 0)).toFixed(1)} max_pages=${values['max-pages']} median_s=${percentile(
      rows.map((r) => r.seconds).sort((a, b) => a - b),
      50,
    ).toFixed(1)} llm=${process.env['LLM_BASE_URL'] ? 'yes' : 'no'}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
