import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/** One benchmark page: raw HTML (already gunzipped), its URL and the gold article body. */
export interface ArticlePage {
  readonly id: string;
  readonly url: string;
  readonly html: string;
  readonly truth: string;
}

export class BenchmarkDataError extends Error {
  override readonly name = 'BenchmarkDataError';
}

const groundTruthSchema = z.record(
  z.string(),
  z.object({ articleBody: z.string().default(''), url: z.string() }),
);
const predictionsSchema = z.record(z.string(), z.object({ articleBody: z.string().nullish() }));
// evaluate.py's load_prediction: either {"version", "output": {...}} or the bare id → prediction map
const wrappedSchema = z.object({ version: z.string().nullish(), output: predictionsSchema }).strict();

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function validate<T>(schema: z.ZodType<T>, unvalidated: unknown, what: string): T {
  const parsed = schema.safeParse(unvalidated);
  if (!parsed.success) throw new BenchmarkDataError(`${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** True when the folder looks like the staged article-extraction-benchmark. */
export function isArticleBenchmark(dir: string): boolean {
  return existsSync(join(dir, 'ground-truth.json')) && existsSync(join(dir, 'html'));
}

/** Loads every page of the benchmark (gunzip and IO happen here, outside any timed section). */
export function loadArticlePages(dir: string): ArticlePage[] {
  const truth = validate(groundTruthSchema, readJson(join(dir, 'ground-truth.json')), 'ground-truth.json');
  return Object.entries(truth).map(([id, entry]) => {
    const file = join(dir, 'html', `${id}.html.gz`);
    if (!existsSync(file)) throw new BenchmarkDataError(`missing page ${file}`);
    return {
      id,
      url: entry.url,
      html: gunzipSync(readFileSync(file)).toString('utf8'),
      truth: entry.articleBody,
    };
  });
}

/** Peer system outputs from `peer-outputs/<system>.json`, by system name. */
export function loadPeerOutputs(dir: string): Map<string, { version: string; output: Map<string, string> }> {
  const peers = new Map<string, { version: string; output: Map<string, string> }>();
  const peerDir = join(dir, 'peer-outputs');
  if (!existsSync(peerDir)) return peers;
  for (const file of readdirSync(peerDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const unvalidated = readJson(join(peerDir, file));
    const wrapped = wrappedSchema.safeParse(unvalidated);
    const data = wrapped.success ? wrapped.data.output : validate(predictionsSchema, unvalidated, file);
    const output = new Map(Object.entries(data).map(([id, v]) => [id, v.articleBody ?? '']));
    peers.set(file.replace(/\.json$/, ''), {
      version: wrapped.success ? (wrapped.data.version ?? '') : '',
      output,
    });
  }
  return peers;
}
