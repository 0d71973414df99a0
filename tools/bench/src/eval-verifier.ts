/**
 * eval:verifier — the verifier's checks on claims built from the development data: true claims,
 * and perturbed ones of each kind (another entity's value, another value of the same page,
 * another attribute's value, the number changed, the unit or currency changed, a negated
 * sentence, the right value cited for another page, a nested question's first hop, a listing item
 * that breaks a constraint). Each claim is judged by the verifier's own judge on stored snapshots.
 * false release = a perturbed claim verified; false withhold = a true claim refused.
 *
 *   npm run eval:verifier -- --data ../shared/bench [--squad-limit 400] [--errors] [--predictions FILE]
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ClaimVerdict } from '@forage/contracts';
import { HOTPOT_FILE, loadHotpotItems } from './hotpot-e2e/dataset.js';
import { loadProductPages } from './products/dataset.js';
import { loadSquad, SQUAD_FILE } from './squad/dataset.js';
import { EvidenceBench, KINDS, type EvalCase } from './verifier-eval/bench.js';
import { productCases } from './verifier-eval/products.js';
import { sandboxCases } from './verifier-eval/sandbox.js';
import { hotpotCases, squadCases } from './verifier-eval/text-pages.js';

interface Judged {
  readonly case: EvalCase;
  readonly verdict: ClaimVerdict;
}

function main(): number {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      'squad-limit': { type: 'string', default: '400' },
      errors: { type: 'boolean', default: false },
      /** Writes each claim's released confidence and truth as a dev set line for `forage calibrate --data`. */
      predictions: { type: 'string' },
    },
  });
  const bench = new EvidenceBench();
  const cases: EvalCase[] = [...sandboxCases(bench)];
  const data = values.data ? resolve(values.data) : undefined;
  if (!data || !existsSync(data)) {
    console.log(`eval:verifier: no benchmark data at ${data ?? '(no --data)'}; the sandbox alone is judged`);
  } else {
    const products = join(data, 'products-dev');
    if (existsSync(join(products, 'ground-truth.json')))
      cases.push(...productCases(bench, loadProductPages(products)));
    const hotpot = join(data, 'hotpotqa-dev');
    if (existsSync(join(hotpot, HOTPOT_FILE))) cases.push(...hotpotCases(bench, loadHotpotItems(hotpot)));
    const squad = join(data, 'squad2-dev');
    if (existsSync(join(squad, SQUAD_FILE)))
      cases.push(...squadCases(bench, loadSquad(squad), Number(values['squad-limit'])));
  }
  const started = performance.now();
  const judged: Judged[] = [];
  // judged in batches by dataset, as one run's claims would be
  for (const dataset of [...new Set(cases.map((c) => c.dataset))]) {
    const batch = cases.filter((c) => c.dataset === dataset);
    const verdicts = bench.judge(batch);
    batch.forEach((c, i) => {
      const verdict = verdicts[i];
      if (verdict) judged.push({ case: c, verdict });
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const released = (j: Judged): boolean => j.verdict.verdict === 'verified';
  const rows = KINDS.map((kind) => {
    const of = judged.filter((j) => j.case.kind === kind);
    const wrong = kind === 'true' ? of.filter((j) => !released(j)) : of.filter(released);
    return {
      kind,
      claims: of.length,
      wrong: wrong.length,
      rate: of.length === 0 ? 0 : wrong.length / of.length,
      byDataset: countBy(of, wrong),
    };
  });
  console.log(
    `\n${'kind'.padEnd(26)}${'claims'.padStart(8)}${'wrong'.padStart(8)}${'rate'.padStart(8)}  datasets`,
  );
  for (const r of rows) {
    const label = r.kind === 'true' ? 'true (false withhold)' : `${r.kind} (false release)`;
    console.log(
      `${label.padEnd(26)}${String(r.claims).padStart(8)}${String(r.wrong).padStart(8)}${r.rate.toFixed(3).padStart(8)}  ${r.byDataset}`,
    );
  }
  for (const kind of KINDS) {
    const of = judged.filter((j) => j.case.kind === kind);
    if (of.length === 0) continue;
    console.log(`\n${kind}: what stopped the claims (first failed check)`);
    const stopped = new Map<string, number>();
    for (const j of of) {
      const first = j.verdict.checks.find((c) => !c.passed)?.name ?? '(verified)';
      stopped.set(first, (stopped.get(first) ?? 0) + 1);
    }
    for (const [name, n] of [...stopped].sort((a, b) => b[1] - a[1]))
      console.log(`  ${name.padEnd(22)}${String(n).padStart(6)}`);
  }
  if (values.errors) printErrors(judged, released);
  if (values.predictions) {
    writeFileSync(
      values.predictions,
      judged
        .map((j) =>
          JSON.stringify({ confidence: j.verdict.confidence ?? 0, correct: j.case.kind === 'true' }),
        )
        .join('\n') + '\n',
    );
    console.log(`\npredictions for forage calibrate written to ${values.predictions}`);
  }
  const perturbed = judged.filter((j) => j.case.kind !== 'true');
  const truths = judged.filter((j) => j.case.kind === 'true');
  const falseRelease = perturbed.length === 0 ? 0 : perturbed.filter(released).length / perturbed.length;
  const falseWithhold = truths.length === 0 ? 0 : truths.filter((j) => !released(j)).length / truths.length;
  const byKind = rows
    .filter((r) => r.kind !== 'true' && r.claims > 0)
    .map((r) => `${r.kind}:${r.rate.toFixed(3)}(${String(r.wrong)}/${String(r.claims)})`)
    .join(',');
  console.log(`\njudged ${String(judged.length)} claims in ${seconds.toFixed(1)} s`);
  console.log(
    `RESULT false_release_rate=${falseRelease.toFixed(3)} false_withhold_rate=${falseWithhold.toFixed(3)} claims=${String(judged.length)} by_kind=${byKind}`,
  );
  return 0;
}

/** Per dataset: wrong/claims. */
function countBy(of: readonly Judged[], wrong: readonly Judged[]): string {
  const counts = new Map<string, number>();
  for (const j of of) counts.set(j.case.dataset, (counts.get(j.case.dataset) ?? 0) + 1);
  return [...counts]
    .map(([d, n]) => `${d}:${String(wrong.filter((w) => w.case.dataset === d).length)}/${String(n)}`)
    .join(' ');
}

const STATEMENT_CHECKS = new Set(['subject', 'attribute', 'value', 'not_negated', 'constraint', 'hops']);

function printErrors(judged: readonly Judged[], released: (j: Judged) => boolean): void {
  console.log('\nerrors (false withholds and false releases):');
  for (const j of judged) {
    const wrong = j.case.kind === 'true' ? !released(j) : released(j);
    if (!wrong) continue;
    // a false release has no failed check: what the statement checks read is the reason it passed
    const reason =
      j.verdict.reasons?.[0] ??
      j.verdict.checks
        .filter((c) => STATEMENT_CHECKS.has(c.name))
        .map((c) => `${c.name}:${c.detail}`)
        .join(' | ');
    console.log(
      `  ${j.case.kind.padEnd(24)} ${j.case.dataset.padEnd(13)} "${j.case.claim.text.slice(0, 40)}" ${j.case.claim.source.url.slice(0, 60)} — ${reason.slice(0, 400)}`,
    );
  }
}

process.exitCode = main();
