import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/** One page of the product-extraction-benchmark: raw HTML, its URL and the gold values per attribute. */
export interface ProductPage {
  readonly id: string;
  readonly url: string;
  readonly html: string;
  readonly truth: ProductTruth;
  /** The gold currency as the page writes it ("$", "€", "EUR"), when the benchmark gives one. */
  readonly currency?: string;
}

/** Allowed gold values per scored attribute (empty: the page has none). */
export type ProductTruth = Readonly<Record<ScoredAttribute, readonly string[]>>;
export const SCORED_ATTRIBUTES = ['price', 'sku', 'availability', 'InStock', 'OutOfStock'] as const;
export type ScoredAttribute = (typeof SCORED_ATTRIBUTES)[number];

/** One system's predictions: page id → attribute → single value. */
export type ProductPredictions = ReadonlyMap<string, Partial<Record<ScoredAttribute, string>>>;

export class ProductDataError extends Error {
  override readonly name = 'ProductDataError';
}

const values = z.array(z.string()).default([]);
const groundTruthSchema = z.record(
  z.string(),
  z.object({
    url: z.string(),
    price: values,
    sku: values,
    availability: values,
    InStock: values,
    OutOfStock: values,
    currency: values.optional(),
  }),
);
const predictionSchema = z.record(
  z.string(),
  z.record(z.string(), z.unknown()).transform((row) => {
    const out: Partial<Record<ScoredAttribute, string>> = {};
    for (const a of SCORED_ATTRIBUTES) {
      const v = row[a];
      if (typeof v === 'string' || typeof v === 'number') out[a] = String(v);
    }
    return out;
  }),
);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function validate<T>(schema: z.ZodType<T>, unvalidated: unknown, what: string): T {
  const parsed = schema.safeParse(unvalidated);
  if (!parsed.success) throw new ProductDataError(`${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** True when the folder looks like the staged product-extraction-benchmark. */
export function isProductBenchmark(dir: string): boolean {
  return existsSync(join(dir, 'ground-truth.json')) && existsSync(join(dir, 'html'));
}

/** Loads every page (gunzip and IO happen here, outside any timed section). */
export function loadProductPages(dir: string): ProductPage[] {
  const truth = validate(groundTruthSchema, readJson(join(dir, 'ground-truth.json')), 'ground-truth.json');
  return Object.entries(truth).map(([id, entry]) => {
    const file = join(dir, 'html', `${id}.html.gz`);
    if (!existsSync(file)) throw new ProductDataError(`missing page ${file}`);
    return {
      id,
      url: entry.url,
      html: gunzipSync(readFileSync(file)).toString('utf8'),
      truth: {
        price: entry.price,
        sku: entry.sku,
        availability: entry.availability,
        InStock: entry.InStock,
        OutOfStock: entry.OutOfStock,
      },
      ...(entry.currency?.[0] ? { currency: entry.currency[0] } : {}),
    };
  });
}

/** Peer outputs from `peer-outputs/<system>.json`, restricted to the pages given. */
export function loadPeerPredictions(dir: string, ids: readonly string[]): Map<string, ProductPredictions> {
  const peers = new Map<string, ProductPredictions>();
  const peerDir = join(dir, 'peer-outputs');
  if (!existsSync(peerDir)) return peers;
  for (const file of readdirSync(peerDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const all = validate(predictionSchema, readJson(join(peerDir, file)), file);
    peers.set(file.replace(/\.json$/, ''), new Map(ids.map((id) => [id, all[id] ?? {}])));
  }
  return peers;
}
