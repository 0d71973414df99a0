import type { connectRenderer, RenderUrl } from '../commands/extract-url.js';
import { gatewayUrlFor } from '../ask/gateway-url.js';
import { readLastThread, writeLastThread } from '../ask/last-thread.js';
import { EX_UNAVAILABLE } from '../commands/exit-codes.js';
import { exitCodeOf } from '../commands/run-exit.js';
import type { loadSettings } from '../settings/load.js';
import { readStackState } from '../stack/state-file.js';
import { EX_USAGE, str, strings, type CliIo, type Values } from './io.js';
import { progressMode, startProgress } from './progress.js';

/** The commands that read pages or ask questions of a stack: index, ask, extract. */

/** `forage index`: pages from URLs are rendered by the running stack's dom-extraction unless --no-render. */
export async function runIndex(input: {
  values: Values;
  positionals: string[];
  io: CliIo;
  effective: ReturnType<typeof loadSettings>;
}): Promise<number> {
  const { values, positionals, io, effective } = input;
  const stack = values['no-render'] === true ? undefined : readStackState(effective.dataDir);
  // connected on the first page to render (a folder needs none)
  let renderer: ReturnType<typeof connectRenderer> | undefined;
  const render: RenderUrl | undefined = stack
    ? async (url) =>
        (
          await (renderer ??= (await import('../commands/extract-url.js')).connectRenderer(stack.natsUrl))
        ).render(url)
    : undefined;
  try {
    return await (
      await import('../commands/index.js')
    ).indexCommand({
      targets: positionals,
      dataDir: effective.dataDir,
      list: values['list'] === true,
      json: values['json'] === true,
      remove: strings(values['remove']),
      allow: effective.values.allow,
      write: io.out,
      warn: io.err,
      progress: (total) =>
        startProgress({
          label: 'pages',
          total,
          mode: progressMode({ json: false, isTTY: io.stderrIsTTY, total }),
          write: io.errRaw,
        }),
      ...(render ? { render } : {}),
    });
  } finally {
    if (renderer) await (await renderer).close();
  }
}

export async function runAsk(input: {
  values: Values;
  positionals: string[];
  io: CliIo;
  effective: ReturnType<typeof loadSettings>;
}): Promise<number> {
  const { values, io, effective } = input;
  const question = input.positionals.join(' ').trim();
  if (!question) {
    io.err('forage ask needs a question: forage ask "What is …?"');
    return EX_USAGE;
  }
  const maxPagesText = str(values['max-pages']);
  const maxPages = maxPagesText === undefined ? undefined : Number(maxPagesText);
  if (maxPages !== undefined && (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > 20)) {
    io.err(`forage ask: --max-pages must be a whole number from 1 to 20, got "${maxPagesText ?? ''}"`);
    return EX_USAGE;
  }
  const urls = strings(values['url']);
  const badUrl = urls.find((u) => !/^https?:\/\/[^/]/i.test(u));
  if (badUrl !== undefined || urls.length > 10) {
    io.err(`forage ask: --url takes up to 10 http(s) URLs${badUrl === undefined ? '' : `, got "${badUrl}"`}`);
    return EX_USAGE;
  }
  const threadFlag = str(values['thread']);
  if (
    threadFlag !== undefined &&
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(threadFlag)
  ) {
    io.err(`forage ask: --thread takes a thread id (a UUID a run's report shows), got "${threadFlag}"`);
    return EX_USAGE;
  }
  const threadId =
    threadFlag ?? (values['continue'] === true ? readLastThread(effective.dataDir) : undefined);
  if (values['continue'] === true && threadFlag === undefined && threadId === undefined) {
    io.err(
      `forage ask --continue: no earlier question was asked from ${effective.dataDir}; ask one without --continue first`,
    );
    return EX_USAGE;
  }
  const profile = str(values['profile']);
  const profileName =
    profile === undefined
      ? undefined
      : (await import('@forage/contracts')).profileNameSchema.safeParse(profile);
  if (profileName && !profileName.success) {
    io.err(`forage ask: --profile: ${profileName.error.issues[0]?.message ?? 'not a profile name'}`);
    return EX_USAGE;
  }
  const gatewayUrl = gatewayUrlFor({
    portFlag: str(values['port']),
    forageUrl: io.env['FORAGE_URL'],
    stackGatewayUrl: readStackState(effective.dataDir)?.gatewayUrl,
    configuredPort: effective.values.gatewayPort,
  });
  const json = values['json'] === true;
  const done = await (
    await import('../ask/ask.js')
  ).ask({
    gatewayUrl,
    question,
    print: json ? () => undefined : io.out,
    ...(maxPages ? { maxPages } : {}),
    ...(urls.length > 0 ? { urls } : {}),
    ...(threadId ? { threadId } : {}),
    ...(profile ? { profile } : {}),
    onCreated: (created) => {
      if (created.threadId) writeLastThread(effective.dataDir, created.threadId);
    },
  });
  if (json) io.out(JSON.stringify(done));
  return exitCodeOf(done);
}

export async function runExtract(input: {
  values: Values;
  positionals: string[];
  io: CliIo;
  dataDir: string;
  /** The running stack's gateway (for --schema, which goes through POST /v1/extract). */
  gateway: () => { url: string; apiKey: string | undefined };
}): Promise<number> {
  const { values, positionals, io } = input;
  const schemaFile = str(values['schema']);
  if (schemaFile !== undefined) return runExtractWithSchema({ ...input, schemaFile });
  const format = str(values['format']) ?? 'json';
  if (format !== 'json' && format !== 'text' && format !== 'markdown') {
    io.err('forage extract: --format must be json, text or markdown');
    return EX_USAGE;
  }
  const urls = positionals.filter((p) => /^https?:\/\//i.test(p));
  const files = positionals.filter((p) => !/^https?:\/\//i.test(p));
  const mode = (total: number) => progressMode({ json: format === 'json', isTTY: io.stderrIsTTY, total });
  let code = 0;
  if (files.length > 0 || urls.length === 0) {
    const progress = startProgress({
      label: 'files',
      total: files.length,
      mode: mode(files.length),
      write: io.errRaw,
    });
    const baseUrl = str(values['base-url']);
    code = await (
      await import('../commands/extract.js')
    ).extractFiles({
      files,
      format,
      ...(baseUrl ? { url: baseUrl } : {}),
      write: io.out,
      warn: io.err,
      onPage: () => {
        progress.tick();
      },
    });
    progress.finish();
  }
  if (urls.length === 0) return code;
  const stack = readStackState(input.dataDir);
  if (!stack) {
    io.err(
      `forage extract: no running stack in ${input.dataDir}; start one with \`forage up\` to render URLs`,
    );
    return Math.max(code, EX_UNAVAILABLE);
  }
  const renderer = await (await import('../commands/extract-url.js')).connectRenderer(stack.natsUrl);
  const progress = startProgress({
    label: 'pages',
    total: urls.length,
    mode: mode(urls.length),
    write: io.errRaw,
  });
  try {
    const urlCode = await (
      await import('../commands/extract-url.js')
    ).extractUrls({
      urls,
      format,
      render: renderer.render,
      write: io.out,
      warn: io.err,
      progress,
    });
    return Math.max(code, urlCode);
  } finally {
    progress.finish();
    await renderer.close();
  }
}

/** `forage extract URL… --schema FILE`: URLs only (a saved file has no stored evidence to verify against). */
async function runExtractWithSchema(input: {
  positionals: string[];
  io: CliIo;
  schemaFile: string;
  gateway: () => { url: string; apiKey: string | undefined };
}): Promise<number> {
  const { io } = input;
  const urls = input.positionals.filter((p) => /^https?:\/\//i.test(p));
  if (urls.length === 0 || urls.length !== input.positionals.length) {
    io.err('forage extract --schema reads URLs only: forage extract URL… --schema schema.json');
    return EX_USAGE;
  }
  const gateway = input.gateway();
  const progress = startProgress({
    label: 'pages',
    total: urls.length,
    mode: progressMode({ json: true, isTTY: io.stderrIsTTY, total: urls.length }),
    write: io.errRaw,
  });
  try {
    return await (
      await import('../commands/extract-schema.js')
    ).extractUrlsWithSchema({
      urls,
      schemaFile: input.schemaFile,
      gatewayUrl: gateway.url,
      apiKey: gateway.apiKey,
      write: io.out,
      warn: io.err,
      progress,
    });
  } finally {
    progress.finish();
  }
}
