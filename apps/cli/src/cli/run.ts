import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { reportSettings, SettingsError } from '@forage/config';
import { gatewayUrlFor, GatewayUrlError } from '../ask/gateway-url.js';
import { showConfig } from '../commands/config.js';
import { down } from '../commands/down.js';
import type { connectRenderer, RenderUrl } from '../commands/extract-url.js';
import { EX_UNAVAILABLE } from '../commands/exit-codes.js';
import { status } from '../commands/status.js';
import { up, type UpOptions } from '../commands/up.js';
import { exitCodeOf } from '../commands/run-exit.js';
import { ensureConfigFile } from '../settings/config-file.js';
import { loadSettings, settingFlags } from '../settings/load.js';
import { readRunningSettings } from '../settings/running-settings.js';
import { parseReplicas } from '../stack/layout.js';
import { readStackState } from '../stack/state-file.js';
import { progressMode, startProgress } from './progress.js';
import { commandHelp, findCommand, generalUsage, parseOptionsOf, type CommandSpec } from './spec.js';

/** sysexits: usage error, bad configuration. */
const EX_USAGE = 64;
const EX_CONFIG = 78;

export interface CliIo {
  /** The repository root (where apps/ and libs/ are built). */
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Raw text to stderr (progress redraws). */
  readonly errRaw: (text: string) => void;
  readonly stderrIsTTY: boolean;
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

const str = (v: Values[string]): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: Values[string]): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/** Runs one `forage` command line and returns its exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = findCommand(args[0]);
    io.out(topic ? commandHelp(topic) : generalUsage());
    return 0;
  }
  const spec = findCommand(name);
  if (!spec) {
    io.err(`forage: unknown command "${name}"\n\n${generalUsage()}`);
    return EX_USAGE;
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: parseOptionsOf(spec),
    });
  } catch (err) {
    io.err(
      `forage ${spec.name}: ${err instanceof Error ? err.message : String(err)}\n\n${commandHelp(spec)}`,
    );
    return EX_USAGE;
  }
  if (parsed.values['help'] === true) {
    io.out(commandHelp(spec));
    return 0;
  }
  try {
    return await runCommand(spec, parsed, io);
  } catch (err) {
    if (err instanceof SettingsError) {
      io.err(`forage ${spec.name}: ${err.message}`);
      return EX_CONFIG;
    }
    if (err instanceof GatewayUrlError) {
      io.err(`forage ${spec.name}: ${err.message}`);
      return EX_USAGE;
    }
    throw err;
  }
}

async function runCommand(
  spec: CommandSpec,
  { values, positionals }: { values: Values; positionals: string[] },
  io: CliIo,
): Promise<number> {
  const settings = (): ReturnType<typeof loadSettings> =>
    loadSettings({ flags: settingFlags(values), env: io.env });
  const dataDirOnly = (): string => resolve(str(values['data-dir']) ?? io.env['FORAGE_HOME'] ?? '.forage');
  switch (spec.name) {
    case 'up':
    case 'demo': {
      const effective = settings();
      let replicas: UpOptions['replicas'];
      try {
        replicas = parseReplicas(effective.values.replicas);
      } catch (err) {
        io.err(`forage ${spec.name}: ${err instanceof Error ? err.message : String(err)}`);
        return EX_CONFIG;
      }
      const options: UpOptions = {
        root: io.root,
        dataDir: effective.dataDir,
        gatewayPort: effective.values.gatewayPort,
        replicas,
        logLevel: effective.values.logLevel,
        user: effective.values,
        report: reportSettings(effective),
      };
      ensureConfigFile(effective.dataDir);
      if (spec.name === 'demo')
        return (await import('../commands/demo.js')).demo({
          ...options,
          question: positionals.join(' ') || undefined,
        });
      await up(options);
      return 0;
    }
    case 'config': {
      const effective = settings();
      const running = readStackState(effective.dataDir) ? readRunningSettings(effective.dataDir) : undefined;
      return showConfig({
        ...(running ? { running } : {}),
        effective,
        dataDir: effective.dataDir,
        json: values['json'] === true,
        write: io.out,
      });
    }
    case 'status':
      return status(dataDirOnly(), { json: values['json'] === true });
    case 'down':
      return down(dataDirOnly());
    case 'extract':
      return runExtract({ values, positionals, io, dataDir: dataDirOnly() });
    case 'ask':
      return runAsk({ values, positionals, io, effective: settings() });
    case 'runs':
    case 'show': {
      const effective = settings();
      const common = {
        gatewayUrl: gatewayUrlFor({
          portFlag: str(values['port']),
          forageUrl: io.env['FORAGE_URL'],
          stackGatewayUrl: readStackState(effective.dataDir)?.gatewayUrl,
          configuredPort: effective.values.gatewayPort,
        }),
        apiKey: io.env['FORAGE_API_KEY'],
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      };
      if (spec.name === 'show')
        return (await import('../commands/show.js')).showCommand({ ...common, positionals });
      const filter = Object.fromEntries(
        ['status', 'outcome', 'since', 'until', 'limit', 'cursor'].flatMap((k) => {
          const v = str(values[k]);
          return v === undefined ? [] : [[k, v]];
        }),
      );
      return (await import('../commands/runs.js')).runsCommand({ ...common, filter });
    }
    case 'audit':
      return (await import('../commands/audit.js')).auditCommand({
        positionals,
        dataDir: dataDirOnly(),
        from: str(values['from']),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'logs':
      return (await import('../commands/logs.js')).logsCommand({
        positionals,
        dataDir: dataDirOnly(),
        json: values['json'] === true,
        filter: {
          tool: str(values['tool']),
          status: str(values['status']),
          traceId: str(values['trace']),
          since: str(values['since']),
          until: str(values['until']),
        },
        write: io.out,
        warn: io.err,
      });
    case 'replay':
      return (await import('../commands/replay.js')).replayCommand({
        positionals,
        dataDir: dataDirOnly(),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'dlq':
      return (await import('../commands/dlq.js')).dlqCommand({
        positionals,
        dataDir: dataDirOnly(),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'memory':
      return (await import('../commands/memory.js')).memoryCommand({
        positionals,
        dataDir: dataDirOnly(),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'keys':
      return (await import('../commands/keys.js')).keys({
        dataDir: dataDirOnly(),
        args: positionals,
        out: io.out,
        err: io.err,
        json: values['json'] === true,
      });
    case 'index':
      return runIndex({ values, positionals, io, effective: settings() });
    case 'mcp': {
      const effective = settings();
      return (await import('../commands/mcp.js')).mcpCommand({
        gatewayUrl: gatewayUrlFor({
          portFlag: str(values['port']),
          forageUrl: io.env['FORAGE_URL'],
          stackGatewayUrl: readStackState(effective.dataDir)?.gatewayUrl,
          configuredPort: effective.values.gatewayPort,
        }),
        ...(io.env['FORAGE_API_KEY'] ? { apiKey: io.env['FORAGE_API_KEY'] } : {}),
      });
    }
    default:
      io.err(generalUsage());
      return EX_USAGE;
  }
}

/** `forage index`: pages from URLs are rendered by the running stack's dom-extraction unless --no-render. */
async function runIndex(input: {
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

async function runAsk(input: {
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
  });
  if (json) io.out(JSON.stringify(done));
  return exitCodeOf(done);
}

async function runExtract(input: {
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
