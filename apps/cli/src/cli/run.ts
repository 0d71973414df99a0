import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { reportSettings, SettingsError } from '@forage/config';
import { checkSameStack, gatewayUrlFor, GatewayUrlError } from '../ask/gateway-url.js';
import { showConfig } from '../commands/config.js';
import { down } from '../commands/down.js';
import { status } from '../commands/status.js';
import { up, type UpOptions } from '../commands/up.js';
import { ensureConfigFile } from '../settings/config-file.js';
import { loadSettings, settingFlags } from '../settings/load.js';
import { readRunningSettings } from '../settings/running-settings.js';
import { parseReplicas } from '../stack/layout.js';
import { readStackState } from '../stack/state-file.js';
import type { RemoteStack } from '../stack/connect.js';
import { EX_USAGE, str, strings, type CliIo, type Values } from './io.js';
import { runAsk, runExtract, runIndex } from './run-work.js';
import { runCrawl, runMap } from './run-crawl.js';
import { commandHelp, findCommand, generalUsage, parseOptionsOf, type CommandSpec } from './spec.js';

export type { CliIo } from './io.js';

/** sysexits: bad configuration. */
const EX_CONFIG = 78;

/**
 * Commands that reach the stack through its data directory (its stack.json, its NATS, its index):
 * they take the same `--port` / `FORAGE_URL` as `ask`, which must name the stack of that directory.
 */
const THROUGH_DATA_DIR = new Set([
  'status',
  'index',
  'audit',
  'logs',
  'replay',
  'dlq',
  'memory',
  'keys',
  'down',
]);

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
    if (err instanceof GatewayUrlError || err instanceof RemoteStackUsageError) {
      io.err(`forage ${spec.name}: ${err.message}`);
      return EX_USAGE;
    }
    throw err;
  }
}

export class RemoteStackUsageError extends Error {
  override readonly name = 'RemoteStackUsageError';
}

/** `--nats URL --creds FILE`: both or neither. */
function remoteStackOf(values: Values): RemoteStack | undefined {
  const natsUrl = str(values['nats']);
  const creds = str(values['creds']);
  if (natsUrl === undefined && creds === undefined) return undefined;
  if (natsUrl === undefined || creds === undefined)
    throw new RemoteStackUsageError('--nats URL and --creds FILE go together');
  return { natsUrl, credsFile: resolve(creds) };
}

async function runCommand(
  spec: CommandSpec,
  { values, positionals }: { values: Values; positionals: string[] },
  io: CliIo,
): Promise<number> {
  const settings = (): ReturnType<typeof loadSettings> =>
    loadSettings({ flags: settingFlags(values), env: io.env });
  const dataDirOnly = (): string => resolve(str(values['data-dir']) ?? io.env['FORAGE_HOME'] ?? '.forage');
  const remote = (): RemoteStack | undefined => remoteStackOf(values);
  // a stack reached with --nats/--creds is not the data directory's: nothing to compare
  if (THROUGH_DATA_DIR.has(spec.name) && !remote())
    checkSameStack({
      portFlag: str(values['port']),
      forageUrl: io.env['FORAGE_URL'],
      dataDir: dataDirOnly(),
      stackGatewayUrl: readStackState(dataDirOnly())?.gatewayUrl,
    });
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
      return up(options);
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
      return runExtract({
        values,
        positionals,
        io,
        dataDir: dataDirOnly(),
        gateway: () => {
          const effective = settings();
          return {
            url: gatewayOf(values, io, effective),
            apiKey: io.env['FORAGE_API_KEY'],
          };
        },
      });
    case 'ask':
      return runAsk({ values, positionals, io, effective: settings() });
    case 'runs':
    case 'show': {
      const effective = settings();
      const common = {
        gatewayUrl: gatewayOf(values, io, effective),
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
        remote: remote(),
        from: str(values['from']),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'logs':
      return (await import('../commands/logs.js')).logsCommand({
        positionals,
        dataDir: dataDirOnly(),
        remote: remote(),
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
        remote: remote(),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'dlq':
      return (await import('../commands/dlq.js')).dlqCommand({
        positionals,
        dataDir: dataDirOnly(),
        remote: remote(),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'bus':
      return (await import('../commands/bus.js')).busCommand({
        positionals,
        nats: str(values['nats']),
        creds: str(values['creds']),
        user: str(values['user']),
        ca: str(values['ca']),
        replicas: str(values['replicas']),
        env: io.env,
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
    case 'deploy':
      return (await import('../commands/deploy-init.js')).deployInit({
        positionals,
        dir: resolve(str(values['dir']) ?? '.'),
        k8s: values['k8s'] === true,
        localImages: values['local-images'] === true,
        hosts: strings(values['host']),
        force: values['force'] === true,
        write: io.out,
        warn: io.err,
      });
    case 'calibrate':
      return (await import('../commands/calibrate.js')).calibrate({
        data: str(values['data']),
        precision: Number(str(values['precision']) ?? '0.9'),
        bins: Number(str(values['bins']) ?? '10'),
        json: values['json'] === true,
        out: io.out,
        err: io.err,
      });
    case 'index':
      return runIndex({ values, positionals, io, effective: settings() });
    case 'crawl':
      return runCrawl({ values, positionals, io, effective: settings() });
    case 'map':
      return runMap({ values, positionals, io, effective: settings() });
    case 'session': {
      const effective = settings();
      return (await import('../commands/session.js')).sessionCommand({
        gatewayUrl: gatewayOf(values, io, effective),
        apiKey: io.env['FORAGE_API_KEY'],
        positionals,
        paging: {
          ...optional('offset', str(values['offset'])),
          ...optional('limit', str(values['limit'])),
          ...optional('textOffset', str(values['text-offset'])),
          ...optional('textLimit', str(values['text-limit'])),
        },
        profile: str(values['profile']),
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    }
    case 'profile': {
      const effective = settings();
      return (await import('../commands/profile.js')).profileCommand({
        gatewayUrl: gatewayOf(values, io, effective),
        apiKey: io.env['FORAGE_API_KEY'],
        positionals,
        json: values['json'] === true,
        write: io.out,
        warn: io.err,
      });
    }
    case 'mcp': {
      const effective = settings();
      return (await import('../commands/mcp.js')).mcpCommand({
        gatewayUrl: gatewayOf(values, io, effective),
        ...(io.env['FORAGE_API_KEY'] ? { apiKey: io.env['FORAGE_API_KEY'] } : {}),
      });
    }
    default:
      io.err(generalUsage());
      return EX_USAGE;
  }
}

/** The gateway a command talks to: --port, FORAGE_URL, the running stack's, else the configured port. */
function gatewayOf(
  values: Values,
  io: CliIo,
  effective: { dataDir: string; values: { gatewayPort: number } },
): string {
  return gatewayUrlFor({
    portFlag: str(values['port']),
    forageUrl: io.env['FORAGE_URL'],
    stackGatewayUrl: readStackState(effective.dataDir)?.gatewayUrl,
    configuredPort: effective.values.gatewayPort,
  });
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
