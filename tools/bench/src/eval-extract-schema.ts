/**
 * eval:extract-schema — structured extraction on the product pages: each page of the benchmark
 * served on loopback, a stack started with that origin allowed (`forage up --allow`), and
 * `forage extract <url> --schema <file>` per page through the CLI with the schema
 * {name, price, currency, sku, availability}. A value counts only when the verifier verified it;
 * the values are scored with the benchmark's metric (price as a decimal, the others exactly).
 * `name` has no gold value in the benchmark: only how often it was verified is reported.
 *
 *   npm run eval:extract-schema -- --data ../shared/bench/products-dev [--limit N] [--offset K] [--verbose]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { servePages } from './ask-products/serve.js';
import { lastJsonLine, runCli } from './cli-run.js';
import { goldCurrencyCodes } from './products/currency-gold.js';
import { isProductBenchmark, loadProductPages, type ProductPage } from './products/dataset.js';
import {
  canonicalDecimal,
  decimalMatching,
  hardMatching,
  metricsFromCounts,
  type TpFpFn,
} from './products/metric.js';
import { startCliStack } from './sandbox-eval/stack.js';
import { percentile } from './stats.js';

const SCHEMA = {
  type: 'object',
  required: ['name', 'price'],
  properties: {
    name: { type: 'string', description: 'the name of the product' },
    price: { type: 'number', description: 'the price of the product' },
    currency: { type: 'string', description: 'ISO 4217 currency code of the price' },
    sku: { type: 'string', description: 'the SKU or product code' },
    availability: {
      type: 'string',
      enum: ['InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'LimitedAvailability', 'Discontinued'],
    },
  },
};
const FIELDS = ['name', 'price', 'currency', 'sku', 'availability'] as const;
type Field = (typeof FIELDS)[number];
const SCORED: readonly Exclude<Field, 'name'>[] = ['price', 'currency', 'sku', 'availability'];

const lineSchema = z.object({
  fields: z.array(
    z.object({
      path: z.string(),
      status: z.string(),
      value: z.union([z.string(), z.number(), z.boolean()]).optional(),
      reason: z.string().optional(),
    }),
  ),
});

interface PageResult {
  readonly page: ProductPage;
  /** Verified values by field. */
  readonly verified: Partial<Record<Field, string>>;
  /** Values found but not verified, by field (for --verbose). */
  readonly rejected: Partial<Record<Field, string>>;
  readonly seconds: number;
}

function gold(page: ProductPage, field: Exclude<Field, 'name'>): readonly string[] {
  if (field === 'currency') return goldCurrencyCodes(page.currency);
  return page.truth[field];
}

function counts(r: PageResult, field: Exclude<Field, 'name'>): TpFpFn {
  const value = r.verified[field];
  if (field === 'price')
    return decimalMatching(r.page.truth.price, value === undefined ? undefined : canonicalDecimal(value));
  return hardMatching(gold(r.page, field), value);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench/products-dev' },
      limit: { type: 'string' },
      offset: { type: 'string', default: '0' },
      verbose: { type: 'boolean', default: false },
      'timeout-s': { type: 'string', default: '120' },
    },
  });
  const data = resolve(values.data);
  if (!isProductBenchmark(data)) throw new Error(`${data} is not the product-extraction benchmark`);
  let pages = loadProductPages(data).slice(Number(values.offset));
  if (values.limit) pages = pages.slice(0, Number(values.limit));
  const root = resolve(import.meta.dirname, '..', '..', '..');
  const work = mkdtempSync(join(tmpdir(), 'forage-extract-schema-'));
  const schemaFile = join(work, 'schema.json');
  writeFileSync(schemaFile, JSON.stringify(SCHEMA));
  const site = await servePages(new Map(pages.map((p) => [p.id, p.html])));
  console.log(`${String(pages.length)} pages on ${site.origin}; starting the stack (forage up --allow)…`);
  const stack = await startCliStack(root, { upArgs: ['--allow', site.origin] });
  const timeoutMs = Number(values['timeout-s']) * 1000;
  const results: PageResult[] = [];
  try {
    for (const page of pages) {
      const url = site.urlOf(page.id);
      const run = await runCli(
        root,
        ['extract', url, '--schema', schemaFile, '--data-dir', stack.dataDir],
        timeoutMs,
      );
      const parsed = lineSchema.safeParse(lastJsonLine(run.stdout));
      const verified: Partial<Record<Field, string>> = {};
      const rejected: Partial<Record<Field, string>> = {};
      for (const f of parsed.success ? parsed.data.fields : []) {
        if (!(FIELDS as readonly string[]).includes(f.path) || f.value === undefined) continue;
        const text = String(f.value);
        if (f.status === 'verified') verified[f.path as Field] = text;
        else rejected[f.path as Field] = `${text} (${f.reason ?? f.status})`;
      }
      const result = { page, verified, rejected, seconds: run.seconds };
      results.push(result);
      const marks = SCORED.map((field) => {
        const [tp, fp] = counts(result, field);
        return `${field}:${tp > 0 ? 'ok' : fp > 0 ? 'WRONG' : '-'}`;
      }).join(' ');
      console.log(
        `${page.id.slice(0, 8)} ${run.seconds.toFixed(1).padStart(5)} s ${parsed.success ? '' : `(no result: exit ${String(run.code)}) `}${marks}`,
      );
      if (values.verbose) {
        for (const field of FIELDS)
          console.log(
            `   ${field.padEnd(12)} verified ${JSON.stringify(verified[field] ?? null)} rejected ${JSON.stringify(rejected[field] ?? null).slice(0, 160)} gold ${field === 'name' ? '-' : JSON.stringify(gold(page, field))}`,
          );
        if (!parsed.success) console.log(`   stderr: ${run.stderr.slice(0, 400)}`);
      }
    }
  } finally {
    await stack.stop();
    await site.close();
    rmSync(work, { recursive: true, force: true });
  }
  const byField = SCORED.map(
    (field) => [field, metricsFromCounts(results.map((r) => counts(r, field))).f1] as const,
  );
  const all = metricsFromCounts(results.flatMap((r) => SCORED.map((field) => counts(r, field))));
  // verified_precision counts a verified value on a page with no gold value for its field as wrong
  // (as the metric does); verified_precision_judged leaves those out (the benchmark did not say)
  let released = 0;
  let right = 0;
  let unjudged = 0;
  for (const r of results)
    for (const field of SCORED) {
      if (r.verified[field] === undefined) continue;
      released++;
      if (counts(r, field)[0] > 0) right++;
      else if (gold(r.page, field).length === 0) unjudged++;
    }
  const names = results.filter((r) => r.verified.name !== undefined).length;
  const median = percentile(
    results.map((r) => r.seconds).sort((a, b) => a - b),
    50,
  );
  console.log(
    `RESULT field_f1=${all.f1.toFixed(3)} verified_precision=${(right / Math.max(1, released)).toFixed(3)} verified_precision_judged=${(right / Math.max(1, released - unjudged)).toFixed(3)} verified=${String(released)} unjudged=${String(unjudged)} by_field=${byField.map(([f, v]) => `${f}:${v.toFixed(3)}`).join(',')},name_verified:${String(names)}/${String(results.length)} pages=${String(results.length)} median_s=${median.toFixed(1)}`,
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
