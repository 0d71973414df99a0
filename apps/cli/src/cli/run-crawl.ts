import type { FieldSchema } from '@forage/contracts';
import { EX_DATAERR, EX_UNAVAILABLE } from '../commands/exit-codes.js';
import { evidenceKeyOf } from '../stack/evidence-key.js';
import type { loadSettings } from '../settings/load.js';
import { readStackState } from '../stack/state-file.js';
import { EX_USAGE, str, strings, type CliIo, type Values } from './io.js';

/** The commands that discover a site: crawl (rendered by the stack) and map (plain HTTP). */

type ScopeFlags = {
  root: string;
  maxDepth: number;
  maxPages: number;
  include: string[];
  exclude: string[];
  sameSite: boolean;
  sitemaps: boolean;
};

/** The start URL and scope flags, or the usage message that says what is wrong. */
function scopeFlags(
  command: string,
  values: Values,
  positionals: readonly string[],
  defaults: { depth: number; maxPages: number },
): ScopeFlags | string {
  const [root, ...rest] = positionals;
  if (!root || rest.length > 0 || !/^https?:\/\/[^/]/i.test(root))
    return `forage ${command} needs one http(s) start URL: forage ${command} https://example.org/`;
  const whole = (name: string, fallback: number, min: number, max: number): number | string => {
    const text = str(values[name]);
    if (text === undefined) return fallback;
    const n = Number(text);
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : `forage ${command}: --${name} must be a whole number from ${min} to ${max}, got "${text}"`;
  };
  const maxDepth = whole('depth', defaults.depth, 0, 100);
  const maxPages = whole('max-pages', defaults.maxPages, 1, 1_000_000);
  if (typeof maxDepth === 'string') return maxDepth;
  if (typeof maxPages === 'string') return maxPages;
  const include = strings(values['include']);
  const exclude = strings(values['exclude']);
  for (const p of [...include, ...exclude]) {
    if (p.length > 2 && p.startsWith('/') && p.endsWith('/')) {
      try {
        new RegExp(p.slice(1, -1));
      } catch (err) {
        return `forage ${command}: ${p} is not a regular expression: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  }
  return {
    root: new URL(root).href,
    maxDepth,
    maxPages,
    include,
    exclude,
    sameSite: values['same-site'] === true,
    sitemaps: values['no-sitemap'] !== true,
  };
}

export async function runCrawl(input: {
  values: Values;
  positionals: string[];
  io: CliIo;
  effective: ReturnType<typeof loadSettings>;
}): Promise<number> {
  const { values, io, effective } = input;
  const scope = scopeFlags('crawl', values, input.positionals, { depth: 10, maxPages: 1_000 });
  if (typeof scope === 'string') {
    io.err(scope);
    return EX_USAGE;
  }
  const out = str(values['out']);
  if (!out) {
    io.err('forage crawl needs --out DIR: the folder to write the pages to (and to resume from)');
    return EX_USAGE;
  }
  const concurrencyText = str(values['concurrency']) ?? '4';
  const concurrency = Number(concurrencyText);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    io.err(`forage crawl: --concurrency must be a whole number from 1 to 64, got "${concurrencyText}"`);
    return EX_USAGE;
  }
  const schemaFile = str(values['schema']);
  let schema: FieldSchema | undefined;
  if (schemaFile !== undefined) {
    const { readSchemaFile, SchemaFileError } = await import('../commands/extract-schema.js');
    try {
      schema = await readSchemaFile(schemaFile);
    } catch (err) {
      io.err(`forage crawl: --schema ${err instanceof Error ? err.message : String(err)}`);
      return err instanceof SchemaFileError ? EX_DATAERR : EX_USAGE;
    }
  }
  const stack = readStackState(effective.dataDir);
  if (!stack) {
    io.err(
      `forage crawl: no running stack in ${effective.dataDir}; start one with \`forage up\` (pages are rendered by it)`,
    );
    return EX_UNAVAILABLE;
  }
  const renderer = await (
    await import('../crawl/adapters/stack-renderer.js')
  ).connectCrawlRenderer(stack.natsUrl, schema ? { evidenceKey: evidenceKeyOf(effective.dataDir) } : {});
  const read = renderer.readIntoSchema;
  // Ctrl-C: stop taking pages and let those under way finish; a second one ends the process at once
  const stop = new AbortController();
  const onSignal = (): void => {
    if (stop.signal.aborted) process.exit(130);
    io.err('\nforage crawl: stopping after the pages under way (Ctrl-C again to quit now)');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await (
      await import('../commands/crawl.js')
    ).crawlCommand({
      options: { ...scope, concurrency },
      out,
      dataDir: effective.dataDir,
      allow: effective.values.allow,
      index: values['index'] === true,
      json: values['json'] === true,
      isTTY: io.stderrIsTTY,
      render: renderer.render,
      ...(schema && read ? { schema: { schema, read } } : {}),
      signal: stop.signal,
      write: io.out,
      warn: io.err,
      warnRaw: io.errRaw,
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await renderer.close();
  }
}

export async function runMap(input: {
  values: Values;
  positionals: string[];
  io: CliIo;
  effective: ReturnType<typeof loadSettings>;
}): Promise<number> {
  const { values, io, effective } = input;
  const scope = scopeFlags('map', values, input.positionals, { depth: 3, maxPages: 5_000 });
  if (typeof scope === 'string') {
    io.err(scope);
    return EX_USAGE;
  }
  return (await import('../commands/map.js')).mapCommand({
    options: { ...scope, concurrency: 8 },
    allow: effective.values.allow,
    json: values['json'] === true,
    write: io.out,
    warn: io.err,
  });
}
