import type { ForageSettings, SettingReport } from '@forage/config';
import { removeRunningSettings, writeRunningSettings } from '../settings/running-settings.js';
import { preflight } from '../stack/preflight.js';
import { startStack, type RunningStack } from '../stack/supervisor.js';
import type { ServiceName } from '../stack/layout.js';
import { formatStatusTable } from './status.js';
import { probeHealth } from '../stack/health.js';
import { EX_UNAVAILABLE } from './exit-codes.js';

export interface UpOptions {
  readonly root: string;
  readonly dataDir: string;
  readonly gatewayPort: number;
  readonly replicas: Partial<Record<ServiceName, number>>;
  readonly logLevel: string;
  /** The user's settings (flags, FORAGE_*, forage.config.json), passed on to the services. */
  readonly user?: ForageSettings;
  /** The same settings as `forage config` shows them (masked), kept while the stack runs. */
  readonly report?: readonly SettingReport[];
}

export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

/** Starts the whole stack and prints its status table. */
export async function bringUp(options: UpOptions): Promise<RunningStack> {
  const problems = preflight(options.root);
  if (problems.length > 0)
    throw new PreflightError(`cannot start Forage:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const started = Date.now();
  const stack = await startStack({
    ...options,
    onProgress: (line) => {
      console.log(`  ${line}`);
    },
  });
  const rows = await Promise.all(
    stack.state.processes.map(async (p) => ({ ...p, health: await probeHealth(p.opsPort) })),
  );
  if (options.report) writeRunningSettings(options.dataDir, options.report);
  console.log(formatStatusTable(rows));
  console.log(
    `\nForage is up in ${((Date.now() - started) / 1000).toFixed(1)} s · API and web UI: ${stack.state.gatewayUrl}`,
  );
  return stack;
}

/** `forage up`: run in the foreground until Ctrl-C (or until the stack stops itself), then stop everything. */
export async function up(options: UpOptions): Promise<number> {
  keepRunningOnOutputErrors();
  const stack = await bringUp(options);
  console.log('Press Ctrl-C to stop.');
  const outcome = await new Promise<{ halted?: string }>((resolve) => {
    let stopping = false;
    const stopAll = (): void => {
      if (stopping) return;
      stopping = true;
      console.log('\nstopping…');
      void stack.stop().then(() => {
        resolve({});
      });
    };
    process.on('SIGINT', stopAll);
    process.on('SIGTERM', stopAll);
    // a supervisor that dies leaves its children without a parent: stop them, then exit
    process.on('uncaughtException', (err) => {
      console.error(`forage up: ${err.stack ?? err.message}`);
      stopAll();
    });
    void stack.halted.then((reason) => {
      stopping = true;
      resolve({ halted: reason });
    });
  });
  removeRunningSettings(options.dataDir);
  if (outcome.halted !== undefined) {
    console.error(`forage up stopped: ${outcome.halted}`);
    return EX_UNAVAILABLE;
  }
  console.log('stopped; no Forage process is left running.');
  return 0;
}

/** A closed terminal or pipe (EPIPE) must not take the supervisor, and so its children's parent, down. */
function keepRunningOnOutputErrors(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => {
      // nothing to tell anyone: the reader is gone
    });
  }
}
