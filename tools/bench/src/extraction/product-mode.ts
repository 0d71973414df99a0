import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { visibleText } from '@forage/html';
import { extractMainContent } from '@forage/main-content';
import { isProductBenchmark, loadProductPages } from '../products/dataset.js';
import { namesBrand, statesPrice } from './main-item.js';
import { loadReadabilityBaseline } from './readability-baseline.js';

const brandsSchema = z.record(z.string(), z.object({ brand: z.array(z.string()).default([]) }).loose());

/**
 * True when the folder is the product benchmark: its gold entries carry product attributes (the
 * article benchmark has the same files, with article bodies instead).
 */
export function isProductPagesFolder(dir: string): boolean {
  if (!isProductBenchmark(dir)) return false;
  const entries = Object.values(JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as object);
  const first: unknown = entries[0];
  return typeof first === 'object' && first !== null && 'availability' in first;
}

interface Row {
  readonly id: string;
  readonly url: string;
  readonly price: readonly string[];
  readonly brand: readonly string[];
  readonly texts: Readonly<Record<System, string>>;
}

const SYSTEMS = ['ours', 'readability', 'fulltext'] as const;
type System = (typeof SYSTEMS)[number];

/**
 * The product pages of the product-extraction-benchmark, whose main item is known: the share whose
 * gold price (and brand) the main content states, for @forage/main-content beside readability.js
 * and the page's whole visible text (the ceiling: what any extraction could keep).
 */
export async function evalProductMainContent(dir: string, worst: number): Promise<void> {
  const pages = loadProductPages(dir);
  const brands = brandsSchema.parse(JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')));
  const readability = await loadReadabilityBaseline();
  const rows: Row[] = pages.map((p) => ({
    id: p.id,
    url: p.url,
    price: p.truth.price,
    brand: brands[p.id]?.brand ?? [],
    texts: {
      ours: extractMainContent(p.html, { url: p.url }).text,
      readability: readability(p.html),
      fulltext: visibleText(p.html),
    },
  }));
  const priced = rows.filter((r) => r.price.length > 0);
  const branded = rows.filter((r) => r.brand.length > 0);
  const share = (list: readonly Row[], ok: (r: Row) => boolean): { n: number; of: number; f: number } => {
    const n = list.filter(ok).length;
    return { n, of: list.length, f: list.length > 0 ? n / list.length : 0 };
  };
  console.log(`product-extraction-benchmark: ${String(pages.length)} product pages from ${dir}`);
  console.log(`  ${String(priced.length)} with a gold price, ${String(branded.length)} with a gold brand\n`);
  console.log('Share of pages whose main content states the main item’s price / brand:');
  const figures = new Map<System, { price: number; brand: number }>();
  for (const system of SYSTEMS) {
    const price = share(priced, (r) => statesPrice(r.texts[system], r.price));
    const brand = share(branded, (r) => namesBrand(r.texts[system], r.brand));
    const chars = rows.map((r) => r.texts[system].length).sort((a, b) => a - b);
    const median = chars[Math.floor(chars.length / 2)] ?? 0;
    figures.set(system, { price: price.f, brand: brand.f });
    console.log(
      `  ${system.padEnd(12)} price ${price.f.toFixed(3)} (${String(price.n)}/${String(price.of)})  brand ${brand.f.toFixed(3)} (${String(brand.n)}/${String(brand.of)})  median ${String(median)} chars`,
    );
  }
  // pages where the price is on the page but main content dropped it: what to look at
  const lost = priced.filter(
    (r) => statesPrice(r.texts.fulltext, r.price) && !statesPrice(r.texts.ours, r.price),
  );
  console.log(`\nPrice on the page but not in @forage/main-content: ${String(lost.length)} pages`);
  for (const r of lost.slice(0, worst))
    console.log(
      `  ${r.id.slice(0, 10)}  ${String(r.texts.ours.length).padStart(6)} chars  ${new URL(r.url).host}`,
    );
  const f = (s: System, k: 'price' | 'brand'): string => (figures.get(s)?.[k] ?? 0).toFixed(3);
  console.log(
    `RESULT price_in_main=${f('ours', 'price')} brand_in_main=${f('ours', 'brand')} readability_price=${f('readability', 'price')} readability_brand=${f('readability', 'brand')} fulltext_price=${f('fulltext', 'price')} fulltext_brand=${f('fulltext', 'brand')} pages=${String(rows.length)}`,
  );
}
