import type { ForageSettings, SettingReport } from '@forage/config';
import { removeRunningSettings, writeRunningSettings } from '../settings/running-settings.js';
import { preflight } from '../stack/preflight.js';
import { startStack, type RunningStack } from '../stack/supervisor.js';
import type { ServiceName } from '../stack/layout.js';
import { formatStatusTable } from './status.js';
import { probeHealth } from '../stack/health.js';

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

/** `forage up`: run in the foreground until Ctrl-C, then stop everything. */
export async function up(options: UpOptions): Promise<void> {
  const stack = await bringUp(options);
  console.log('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (): void => {
      if (stopping) return;
      stopping = true;
      console.log('\nstopping…');
      void stack.stop().then(() => {
        removeRunningSettings(options.dataDir);
        resolve();
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  console.log('stopped; no Forage process is left running.');
}
