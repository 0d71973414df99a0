/**
 * eval:ask-products — the product pages' price and SKU asked the way a user asks them: each page
 * of the benchmark served on loopback, a stack started with that origin allowed (`forage up
 * --allow`), and `forage ask --url <page> --json "…"` per question through the CLI. A value counts
 * only when the run released it as verified; `verified_precision` is the share of those that are
 * right. One render of each page (`forage extract <url>`) is timed beside the questions.
 *
 *   npm run eval:ask-products -- --data ../shared/bench/products-dev [--limit N] [--offset K] [--verbose]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { servePages } from './ask-products/serve.js';
import { priceIsRight, skuIsRight, statedPrice } from './ask-products/score.js';
import { lastJsonLine, runCli } from './cli-run.js';
import { isProductBenchmark, loadProductPages, type ProductPage } from './products/dataset.js';
import { decimalMatching, hardMatching, metricsFromCounts, type TpFpFn } from './products/metric.js';
import { startCliStack } from './sandbox-eval/stack.js';
import { percentile } from './stats.js';

const QUESTIONS = {
  price: 'What is the price of this product?',
  sku: 'What is the SKU or product code of this product?',
} as const;
type Asked = keyof typeof QUESTIONS;

const completionSchema = z.object({
  runId: z.string().optional(),
  outcome: z.string(),
  answer: z.object({ text: z.string() }).nullable(),
  report: z
    .object({ facts: z.array(z.object({ value: z.string(), status: z.string(), url: z.string() })) })
    .optional(),
});

interface Row {
  readonly asked: Asked;
  readonly page: ProductPage;
  /** the released value (a verified fact's value, else the released answer's text), or undefined */
  readonly value: string | undefined;
  readonly right: boolean;
  readonly seconds: number;
  readonly outcome: string;
  /** a released fact cited a page other than the one asked about */
  readonly offPage: boolean;
}

function releasedValue(parsed: z.infer<typeof completionSchema>): { value?: string; urls: string[] } {
  if (!parsed.answer) return { urls: [] };
  const verified = (parsed.report?.facts ?? []).filter((f) => f.status === 'verified');
  return { value: verified[0]?.value ?? parsed.answer.text, urls: verified.map((f) => f.url) };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench/products-dev' },
      limit: { type: 'string' },
      offset: { type: 'string', default: '0' },
      only: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      'timeout-s': { type: 'string', default: '120' },
    },
  });
  const data = resolve(values.data);
  if (!isProductBenchmark(data)) throw new Error(`${data} is not the product-extraction benchmark`);
  let pages = loadProductPages(data).slice(Number(values.offset));
  if (values.limit) pages = pages.slice(0, Number(values.limit));
  const asks = (values.only?.split(',') ?? ['price', 'sku']) as Asked[];
  const root = resolve(import.meta.dirname, '..', '..', '..');
  const site = await servePages(new Map(pages.map((p) => [p.id, p.html])));
  console.log(`${String(pages.length)} pages on ${site.origin}; starting the stack (forage up --allow)…`);
  const stack = await startCliStack(root, { upArgs: ['--allow', site.origin] });
  const timeoutMs = Number(values['timeout-s']) * 1000;
  const rows: Row[] = [];
  const renders: number[] = [];
  try {
    const dataDir = ['--data-dir', stack.dataDir];
    for (const page of pages) {
      const url = site.urlOf(page.id);
      const render = await runCli(root, ['extract', url, '--format', 'json', ...dataDir], timeoutMs);
      if (render.code === 0) renders.push(render.seconds);
      for (const asked of asks) {
        const run = await runCli(
          root,
          ['ask', '--json', '--url', url, ...dataDir, QUESTIONS[asked]],
          timeoutMs,
        );
        const parsed = completionSchema.safeParse(lastJsonLine(run.stdout));
        const outcome = parsed.success ? parsed.data.outcome : `exit ${String(run.code)}`;
        const { value, urls } = parsed.success ? releasedValue(parsed.data) : { urls: [] };
        const gold = page.truth[asked];
        const right =
          value !== undefined && (asked === 'price' ? priceIsRight(gold, value) : skuIsRight(gold, value));
        const offPage = urls.some((u) => !u.startsWith(url));
        rows.push({ asked, page, value, right, seconds: run.seconds, outcome, offPage });
        const mark = value === undefined ? '-   ' : right ? 'ok  ' : 'FAIL';
        console.log(
          `${mark} ${asked.padEnd(5)} ${run.seconds.toFixed(1).padStart(6)} s  ${outcome.padEnd(10)} ${page.id.slice(0, 8)} got ${JSON.stringify(value ?? null).slice(0, 60)} gold ${JSON.stringify(gold).slice(0, 60)}${offPage ? ' OFF-PAGE' : ''}`,
        );
        if (values.verbose && !right && parsed.success && parsed.data.runId) {
          const shown = await runCli(root, ['show', parsed.data.runId, ...dataDir], 60_000);
          for (const line of shown.stdout.split('\n').slice(0, 40))
            console.log(`       | ${line.slice(0, 220)}`);
        }
      }
    }
  } finally {
    await stack.stop();
    await site.close();
  }
  const f1 = (asked: Asked): number => {
    const counts: TpFpFn[] = rows
      .filter((r) => r.asked === asked)
      .map((r) =>
        asked === 'price'
          ? decimalMatching(
              r.page.truth.price,
              r.value === undefined ? undefined : (statedPrice(r.value) ?? r.value),
            )
          : hardMatching(
              r.page.truth.sku,
              r.value === undefined ? undefined : r.right ? r.page.truth.sku[0] : r.value,
            ),
      );
    return metricsFromCounts(counts).f1;
  };
  const released = rows.filter((r) => r.value !== undefined);
  const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
  const medianAsk = percentile(sorted(rows.map((r) => r.seconds)), 50);
  const medianRender = percentile(sorted(renders), 50);
  console.log(
    `RESULT price_f1=${asks.includes('price') ? f1('price').toFixed(3) : 'n/a'} sku_f1=${asks.includes('sku') ? f1('sku').toFixed(3) : 'n/a'} verified_precision=${(released.filter((r) => r.right).length / Math.max(1, released.length)).toFixed(3)} answered=${(released.length / Math.max(1, rows.length)).toFixed(3)} off_page=${String(rows.filter((r) => r.offPage).length)} questions=${String(rows.length)} median_s=${medianAsk.toFixed(1)} render_median_s=${medianRender.toFixed(1)}`,
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
