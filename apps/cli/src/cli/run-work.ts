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
}): Promise<number> {
  const { values, positionals, io } = input;
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
