/**
 * eval:extraction — @forage/main-content on the Zyte article-extraction-benchmark beside
 * @mozilla/readability + jsdom, same pages, same run, scored with the benchmark's own metric
 * (re-implemented, and checked against the published peer figures first).
 *
 *   node tools/bench/dist/eval-extraction.js --data ../shared/bench/articles [--worst 15]
 *
 * Given the product benchmark instead (`--data ../shared/bench/products-dev`), it measures whether
 * the main item survives: the share of product pages whose main content states the known price and
 * brand, beside readability.js and the page's whole visible text.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { extractMainContent } from '@forage/main-content';
import { isArticleBenchmark, loadArticlePages, loadPeerOutputs } from './extraction/dataset.js';
import { formatScore, scoreExtraction, type BenchmarkScore } from './extraction/evaluate.js';
import { PUBLISHED, SELF_CHECK_PEERS } from './extraction/published.js';
import { loadReadabilityBaseline } from './extraction/readability-baseline.js';
import { precisionScore, recallScore } from './extraction/shingle-metric.js';
import { timeExtractor } from './extraction/timing.js';
import { evalProductMainContent, isProductPagesFolder } from './extraction/product-mode.js';

function row(name: string, score: BenchmarkScore, extra = ''): string {
  return `  ${name.padEnd(26)} F1 ${formatScore(score.f1, score.std.f1)}  P ${formatScore(score.precision, score.std.precision)}  R ${formatScore(score.recall, score.std.recall)}  acc ${formatScore(score.accuracy, score.std.accuracy)}${extra}`;
}

/** Scores the stored peer outputs; true when every checked peer reproduces its published F1. */
function selfCheck(dir: string, truth: ReadonlyMap<string, string>): boolean {
  const peers = loadPeerOutputs(dir);
  console.log('Peer outputs scored with this metric (published F1 in brackets):');
  const checks: string[] = [];
  let ok = true;
  for (const [name, peer] of peers) {
    const score = scoreExtraction({ truth, predictions: peer.output });
    const published = PUBLISHED[name];
    console.log(row(name, score, published ? `  [${published.f1.toFixed(3)}]` : ''));
    if ((SELF_CHECK_PEERS as readonly string[]).includes(name) && published) {
      const same = score.f1.toFixed(3) === published.f1.toFixed(3);
      ok &&= same;
      checks.push(`${name} ${score.f1.toFixed(3)}/${published.f1.toFixed(3)}${same ? '' : ' MISMATCH'}`);
    }
  }
  const missing = SELF_CHECK_PEERS.filter((p) => !peers.has(p));
  if (missing.length > 0) ok = false;
  console.log(
    `METRIC SELF-CHECK ${ok ? 'ok' : 'FAILED'}: ${checks.join(', ')}${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}`,
  );
  return ok;
}

function printWorst(score: BenchmarkScore, urls: ReadonlyMap<string, string>, count: number): void {
  const ranked = score.perDoc
    .map((d) => {
      const p = precisionScore(d.counts);
      const r = recallScore(d.counts);
      return { id: d.id, p, r, f: p + r > 0 ? (2 * p * r) / (p + r) : 0 };
    })
    .sort((a, b) => a.f - b.f)
    .slice(0, count);
  console.log(`Worst ${count} pages for @forage/main-content:`);
  for (const d of ranked)
    console.log(
      `  F1 ${d.f.toFixed(3)} P ${d.p.toFixed(3)} R ${d.r.toFixed(3)}  ${d.id.slice(0, 10)}  ${urls.get(d.id) ?? ''}`,
    );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { data: { type: 'string' }, worst: { type: 'string' } },
  });
  if (values.data === undefined) {
    console.log('eval:extraction: no --data given (e.g. --data ../shared/bench/articles); skipping.');
    return 0;
  }
  const dir = resolve(values.data);
  if (existsSync(dir) && isProductPagesFolder(dir)) {
    await evalProductMainContent(dir, Number(values.worst ?? '15'));
    return 0;
  }
  if (!existsSync(dir) || !isArticleBenchmark(dir)) {
    console.log(
      `eval:extraction: ${dir} is neither the article- nor the product-extraction-benchmark folder; skipping.`,
    );
    return 0;
  }
  const pages = loadArticlePages(dir);
  const truth = new Map(pages.map((p) => [p.id, p.truth]));
  console.log(`article-extraction-benchmark: ${pages.length} pages from ${dir}\n`);
  const metricOk = selfCheck(dir, truth);

  const ours = timeExtractor({ pages, extract: (html, url) => extractMainContent(html, { url }).text });
  const readabilityText = await loadReadabilityBaseline();
  const baseline = timeExtractor({ pages, extract: (html) => readabilityText(html) });
  const oursScore = scoreExtraction({ truth, predictions: ours.outputs });
  const baseScore = scoreExtraction({ truth, predictions: baseline.outputs });
  const speedup = ours.pagesPerSecond / baseline.pagesPerSecond;
  const published = PUBLISHED['readability_js'];

  console.log('\nThis run (pages/s: extraction calls only, parse included, gunzip/IO excluded):');
  console.log(row('@forage/main-content', oursScore, `  ${ours.pagesPerSecond.toFixed(1)} pages/s`));
  console.log(
    row(
      '@mozilla/readability+jsdom',
      baseScore,
      `  ${baseline.pagesPerSecond.toFixed(1)} pages/s${published ? `  [published ${published.f1.toFixed(3)}]` : ''}`,
    ),
  );
  const peers = ['rs_trafilatura', 'go_trafilatura', 'trafilatura', 'readability_js'];
  console.log(`Published F1: ${peers.map((p) => `${p} ${PUBLISHED[p]?.f1.toFixed(3) ?? '?'}`).join(', ')}`);
  if (values.worst !== undefined)
    printWorst(oursScore, new Map(pages.map((p) => [p.id, p.url])), Number(values.worst));
  console.log(
    `RESULT f1=${oursScore.f1.toFixed(3)} precision=${oursScore.precision.toFixed(3)} recall=${oursScore.recall.toFixed(3)} readability_f1=${baseScore.f1.toFixed(3)} pages_per_s=${ours.pagesPerSecond.toFixed(1)} readability_pages_per_s=${baseline.pagesPerSecond.toFixed(1)} speedup=${speedup.toFixed(2)}`,
  );
  // figures from a metric that does not reproduce the published ones cannot be compared
  return metricOk ? 0 : 1;
}

process.exitCode = await main();
