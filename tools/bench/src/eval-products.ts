/**
 * eval:products — dom-understanding's product reader on the Zyte product-extraction-benchmark,
 * beside a schema.org-only baseline (JSON-LD, microdata, RDFa; what extruct reads) computed in the
 * same run and the published peers' stored outputs, scored with the benchmark's own metric.
 *
 *   node tools/bench/dist/eval-products.js --data ../shared/bench/products-dev [--errors]
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  isProductBenchmark,
  loadPeerPredictions,
  loadProductPages,
  type ProductPage,
  type ProductPredictions,
  type ProductTruth,
} from './products/dataset.js';
import { scoreAttribute, type AttributeScore } from './products/metric.js';
import { PUBLISHED_F1 } from './products/published.js';
import { forageProduct, type PredictionRow } from './products/systems.js';

const REPORTED = ['price', 'sku', 'availability', 'OutOfStock'] as const;

function fmt(score: AttributeScore): string {
  return `F1 ${score.f1.toFixed(3)} ± ${score.std.f1.toFixed(3)}  P ${score.precision.toFixed(3)}  R ${score.recall.toFixed(3)}`;
}

function run(
  pages: readonly ProductPage[],
  read: (p: ProductPage) => PredictionRow,
): { predictions: ProductPredictions; ms: number } {
  const started = performance.now();
  const predictions = new Map(pages.map((p) => [p.id, read(p)]));
  return { predictions, ms: performance.now() - started };
}

function scoreAll(
  truth: ReadonlyMap<string, ProductTruth>,
  predictions: ProductPredictions,
): Map<string, AttributeScore> {
  return new Map(REPORTED.map((attribute) => [attribute, scoreAttribute({ attribute, truth, predictions })]));
}

function printErrors(pages: readonly ProductPage[], score: Map<string, AttributeScore>): void {
  const urls = new Map(pages.map((p) => [p.id, p]));
  for (const [attribute, s] of score) {
    for (const p of s.perPage) {
      if (p.counts[1] === 0 && p.counts[2] === 0) continue;
      const page = urls.get(p.id);
      const gold = page?.truth[attribute as keyof ProductTruth] ?? [];
      console.log(
        `  ${attribute.padEnd(12)} gold ${JSON.stringify(gold)} got ${JSON.stringify(p.predicted ?? null)}  ${p.id.slice(0, 8)} ${page?.url ?? ''}`,
      );
    }
  }
}

function main(): number {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { data: { type: 'string' }, errors: { type: 'boolean' } },
  });
  if (values.data === undefined) {
    console.log('eval:products: no --data given (e.g. --data ../shared/bench/products-dev); skipping.');
    return 0;
  }
  const dir = resolve(values.data);
  if (!existsSync(dir) || !isProductBenchmark(dir)) {
    console.log(`eval:products: ${dir} is not the product-extraction-benchmark folder; skipping.`);
    return 0;
  }
  const pages = loadProductPages(dir);
  const truth = new Map(pages.map((p) => [p.id, p.truth]));
  console.log(`product-extraction-benchmark: ${pages.length} pages from ${dir}`);
  console.log(
    'Metric: evaluate.py (micro P/R/F1 per attribute, price as Decimal, missing availability = InStock; ± bootstrap 1000)\n',
  );

  const ours = run(pages, (p) => forageProduct(p));
  const baseline = run(pages, (p) => forageProduct(p, true));
  const systems: [string, Map<string, AttributeScore>][] = [
    ['dom-understanding', scoreAll(truth, ours.predictions)],
    ['schema.org only (this run)', scoreAll(truth, baseline.predictions)],
  ];
  for (const [name, predictions] of loadPeerPredictions(
    dir,
    pages.map((p) => p.id),
  ))
    systems.push([`${name} (stored output)`, scoreAll(truth, predictions)]);

  for (const attribute of REPORTED) {
    const support = systems[0]?.[1].get(attribute)?.support ?? 0;
    console.log(`${attribute} (support ${support} of ${pages.length} pages):`);
    for (const [name, scores] of systems) {
      const s = scores.get(attribute);
      const peer = PUBLISHED_F1[name.split(' ')[0] ?? ''];
      const published =
        peer && attribute !== 'OutOfStock' ? `  [published on 140 pages: ${peer[attribute].toFixed(3)}]` : '';
      if (s) console.log(`  ${name.padEnd(28)} ${fmt(s)}${published}`);
    }
  }
  console.log('availability without the InStock fill (missing predictions scored as missing):');
  const unfilled: [string, ProductPredictions][] = [
    ['dom-understanding', ours.predictions],
    ['schema.org only (this run)', baseline.predictions],
    ...[
      ...loadPeerPredictions(
        dir,
        pages.map((p) => p.id),
      ),
    ].map(([n, p]): [string, ProductPredictions] => [`${n} (stored output)`, p]),
  ];
  for (const [name, predictions] of unfilled) {
    const score = scoreAttribute({ attribute: 'availability', truth, predictions, fillAvailability: false });
    console.log(`  ${name.padEnd(28)} ${fmt(score)}`);
  }
  console.log(
    `\ndom-understanding: ${(ours.ms / pages.length).toFixed(1)} ms/page (parse included, gunzip excluded)`,
  );
  const oursScores = systems[0]?.[1];
  const baseScores = systems[1]?.[1];
  if (values.errors && oursScores) {
    console.log('\nErrors of dom-understanding:');
    printErrors(pages, oursScores);
  }
  const f = (m: Map<string, AttributeScore> | undefined, a: string): string =>
    (m?.get(a)?.f1 ?? 0).toFixed(3);
  console.log(
    `RESULT price_f1=${f(oursScores, 'price')} sku_f1=${f(oursScores, 'sku')} availability_f1=${f(oursScores, 'availability')} baseline_price_f1=${f(baseScores, 'price')} baseline_sku_f1=${f(baseScores, 'sku')} baseline_availability_f1=${f(baseScores, 'availability')}`,
  );
  return 0;
}

process.exitCode = main();
