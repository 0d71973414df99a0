import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { ForageSettings } from '@forage/config';
import { dieWithParent, launchNatsServer, type RunningNatsServer } from '@forage/messaging/stack';
import {
  gatewayKeys,
  readSandboxReady,
  spawnService,
  StackStartError,
  waitHealthy,
} from './child-processes.js';
import { planProcesses, SERVICES, withOpsPort, type ProcessPlan, type ServiceName } from './layout.js';
import { KeptProcess, stopChild, type ProcessExit } from './kept-process.js';
import { freeBytes, isDiskFull, watchDiskSpace } from './disk-space.js';
import { stopLeftovers, STACK_MARKER } from './leftovers.js';
import { acquireStackLock, ensurePrivateDir } from './lock.js';
import { makePrivate, restrictNewFiles } from './private-files.js';
import { adminAuthOf, natsTlsOf, prepareStackNatsAuth } from './nats-auth.js';
import { spawnOneProcess } from './one-process.js';
import { provisionStackBus } from './provision.js';
import { ensureVerdictKeys } from './verdict-keys.js';
import { evidenceKeyOf } from './evidence-key.js';
import { freePorts, isPortFree } from '@forage/messaging/stack';
import { removeStackState, writeStackState, type StackState } from './state-file.js';

export { StackStartError };

export interface StackOptions {
  readonly root: string;
  readonly dataDir: string;
  readonly gatewayPort: number;
  readonly replicas: Partial<Record<ServiceName, number>>;
  readonly logLevel: string;
  /** The user's settings, mapped onto each service's variables (layout.ts). */
  readonly user?: ForageSettings;
  readonly onProgress: (line: string) => void;
  readonly startTimeoutMs?: number;
  /** Below this many free bytes on the data directory's disk the stack stops itself (default 64 MiB). */
  readonly minFreeBytes?: number;
}

export interface RunningProcess extends ProcessPlan {
  /** The replica's current process (a new one after each restart). */
  readonly child: ChildProcess;
  readonly restarts: number;
  readonly logFile: string;
}

export interface RunningStack {
  /** What stack.json holds now (pids and restart counts change as processes are restarted). */
  readonly state: StackState;
  readonly processes: readonly RunningProcess[];
  stop(): Promise<void>;
  /** Settles with the reason when the stack stopped itself (a full disk), after every process stopped. */
  readonly halted: Promise<string>;
}

const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * Starts nats-server (JetStream in the data dir), the sandbox web and every service replica as
 * child processes, waits until each reports healthy, and records the stack in stack.json.
 * A service or nats-server that exits on its own is restarted with back-off (same ports, same
 * store; a service whose ops port another program took meanwhile moves to a free one), and
 * stack.json counts the restarts and records the ports. `stop()` stops services, then the
 * sandbox, then NATS, and leaves no process behind. One stack per data directory (stack.lock).
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { root } = options;
  const dataDir = resolve(options.dataDir);
  const gatewayUrl = `http://127.0.0.1:${options.gatewayPort}`;
  // every file the supervisor and its children create from here on is owner-only (PGlite's included)
  restrictNewFiles();
  const lock = acquireStackLock(dataDir, { gatewayUrl, startedAt: new Date().toISOString() });
  /** One row per replica; a row's plan changes when a restart has to move to another ops port. */
  const services: { plan: ProcessPlan; kept: KeptProcess; logFile: string }[] = [];
  /** Before each start: a row whose ops port another program holds moves to a free one. */
  const claimOpsPort = async (row: { plan: ProcessPlan }): Promise<void> => {
    if (await isPortFree(row.plan.opsPort)) return;
    const [port] = await freePorts(1);
    if (port === undefined) throw new StackStartError('no free port on 127.0.0.1');
    options.onProgress(
      `${row.plan.service}-${String(row.plan.replica)}: ops port ${String(row.plan.opsPort)} is taken; using ${String(port)}`,
    );
    row.plan = withOpsPort(row.plan, port);
  };
  let sandboxProc: ChildProcess | undefined;
  let nats: KeptProcess | undefined;
  let state: StackState | undefined;
  let stopped = false;
  let diskWatch: { stop(): void } | undefined;
  let settleHalted: (reason: string) => void = () => undefined;
  const halted = new Promise<string>((r) => (settleHalted = r));
  /** Services first (in parallel), then the sandbox, then NATS; SIGKILL after `graceMs` each. */
  const stopWithin = async (graceMs: number): Promise<void> => {
    stopped = true;
    diskWatch?.stop();
    // in one-process mode every row shares one process: stop each process once
    await Promise.all([...new Set([...services].reverse().map((s) => s.kept))].map((k) => k.stop(graceMs)));
    if (sandboxProc) await stopChild(sandboxProc, graceMs);
    await nats?.stop(Math.min(graceMs, 5_000));
    removeStackState(dataDir);
    lock.release();
  };
  /** The stack stops itself: no new work is taken, what was stored stays. */
  const halt = (reason: string): void => {
    if (stopped) return;
    options.onProgress(reason);
    void stopWithin(10_000).finally(() => {
      settleHalted(reason);
    });
  };
  const diskFull = (free: number | undefined): string =>
    `the disk holding ${dataDir} is full (${free === undefined ? 'no space' : `${(free / 1024 / 1024).toFixed(1)} MiB free`}): ` +
    'Forage stops taking new work and stops its processes; everything it stored so far is kept. ' +
    'Free some space, then run `forage up` again.';
  const onWriteError = (what: string) => (err: unknown) => {
    if (isDiskFull(err)) halt(diskFull(freeBytes(dataDir)));
    else options.onProgress(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  };
  const stop = (): Promise<void> => stopWithin(10_000);
  // a function, so the check reads the flag the signal handler may have set meanwhile
  const stopRequested = (): boolean => stopped;
  const record = (): void => {
    if (!state || stopped) return;
    state = {
      ...state,
      natsRestarts: nats?.restarts ?? 0,
      processes: services.map(({ plan, kept }) => ({
        service: plan.service,
        replica: plan.replica,
        pid: kept.child.pid ?? 0,
        opsPort: plan.opsPort,
        restarts: kept.restarts,
      })),
    };
    try {
      writeStackState(dataDir, state);
    } catch (err) {
      onWriteError(`could not write ${join(dataDir, 'stack.json')}`)(err);
    }
  };
  const onExit = (exit: ProcessExit): void => {
    const how = exit.signal ? `signal ${exit.signal}` : `code ${String(exit.code)}`;
    options.onProgress(`${exit.name} exited (${how}); restart #${exit.restarts} in ${exit.delayMs} ms`);
    record();
  };
  // a signal while starting (Ctrl-C, `forage down`) stops what has started instead of orphaning it;
  // once started, the caller handles signals
  const onStartupSignal = (signal: NodeJS.Signals): void => {
    options.onProgress(`${signal} while starting: stopping`);
    // services still booting have nothing to drain: a short grace
    void stopWithin(2_000).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onStartupSignal);
  process.once('SIGTERM', onStartupSignal);
  const startupDone = (): void => {
    process.off('SIGINT', onStartupSignal);
    process.off('SIGTERM', onStartupSignal);
  };
  try {
    // a stack whose supervisor was killed may have left processes on this data directory
    for (const left of await stopLeftovers(dataDir)) {
      options.onProgress(
        `stopped pid ${left.pid} left running by an earlier stack: ${left.command.slice(0, 120)}`,
      );
    }
    for (const dir of ['nats', 'logs', 'data']) ensurePrivateDir(join(dataDir, dir));
    makePrivate(dataDir);
    const minFreeBytes = options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
    const free = freeBytes(dataDir);
    if (free !== undefined && free < minFreeBytes) throw new StackStartError(diskFull(free));
    if (!(await isPortFree(options.gatewayPort))) {
      throw new StackStartError(`port ${options.gatewayPort} is in use (another program? try --port)`);
    }
    // every process gets its own NATS identity, allowed only the subjects its contracts name
    const natsTls = natsTlsOf(options.user);
    const natsAuth = prepareStackNatsAuth(dataDir, natsTls);
    const natsPorts: { port?: number; monitorPort?: number } = {};
    let natsServer: RunningNatsServer | undefined;
    nats = await KeptProcess.start({
      name: 'nats-server',
      start: async () => {
        natsServer = await launchNatsServer({
          storeDir: join(dataDir, 'nats'),
          configFile: natsAuth.configFile,
          parentDeathSignal: 'SIGTERM',
          ...natsPorts,
        });
        natsPorts.port = natsServer.port;
        natsPorts.monitorPort = Number(new URL(natsServer.monitorUrl).port);
        return natsServer.process;
      },
      onExit,
      onRestarted: () => {
        options.onProgress(`nats-server restarted at ${natsServer?.url ?? ''}`);
        record();
      },
      onStartFailed: (err) => {
        options.onProgress(
          `nats-server did not restart: ${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}`,
        );
      },
    });
    if (!natsServer) throw new StackStartError('nats-server did not start');
    const { url: natsUrl, monitorUrl: natsMonitorUrl } = natsServer;
    options.onProgress(`nats-server ready at ${natsUrl}`);
    const sandboxLaunch = dieWithParent({
      command: process.execPath,
      args: [join(root, 'libs', 'sandbox', 'dist', 'main.js')],
    });
    sandboxProc = spawn(sandboxLaunch.command, sandboxLaunch.args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, [STACK_MARKER]: dataDir },
    });
    const sandbox = await readSandboxReady(sandboxProc);
    sandboxProc.stdout?.resume();
    options.onProgress(`sandbox web ready: ${sandbox.map((s) => `${s.name} ${s.origin}`).join(', ')}`);
    const verdictKeys = ensureVerdictKeys(dataDir);
    const count = SERVICES.reduce((n, s) => n + (options.replicas[s] ?? 1), 0);
    // one more port: search serves the user's indexed files there (its replicas share it)
    const ports = await freePorts(count + 1);
    const filesPort = ports[count];
    const plans = planProcesses({
      settings: {
        natsUrl,
        evidenceKey: evidenceKeyOf(dataDir),
        verdictKeys,
        dataDir,
        sandboxOrigins: sandbox.map((s) => s.origin),
        gatewayPort: options.gatewayPort,
        logLevel: options.logLevel,
        natsCredentialsDir: natsAuth.credentialsDir,
        ...(natsTls?.caFile ? { natsCaFile: natsTls.caFile } : {}),
        ...(filesPort !== undefined ? { filesPort } : {}),
        ...(options.user ? { user: options.user } : {}),
      },
      replicas: options.replicas,
      opsPorts: ports.slice(0, count),
    });
    await provisionStackBus({
      natsUrl,
      auth: adminAuthOf(natsAuth, natsTls),
      plans,
      storeDir: join(dataDir, 'nats'),
    });
    options.onProgress('bus provisioned (streams, consumers, buckets)');
    if (options.user?.processes === 'one') {
      // every service's module in one Node process: one process to restart, shared by all rows
      const logFile = join(dataDir, 'logs', 'services.log');
      const rows = plans.map((plan) => ({ plan, logFile }));
      const kept = await KeptProcess.start({
        name: 'services (one process)',
        start: async () => {
          for (const row of rows) await claimOpsPort(row);
          return spawnOneProcess({
            root,
            dataDir,
            plans: rows.map((r) => r.plan),
            extraEnv: (plan) => gatewayKeys(plan, dataDir),
            credentialsDir: natsAuth.credentialsDir,
            logFile,
            onLogError: onWriteError(`could not write ${logFile}`),
          });
        },
        onExit,
        onRestarted: record,
      });
      for (const row of rows) services.push(Object.assign(row, { kept }));
    }
    for (const plan of options.user?.processes === 'one' ? [] : plans) {
      if (stopRequested()) throw new StackStartError('stopped while starting');
      const row = { plan, logFile: join(dataDir, 'logs', `${plan.service}-${plan.replica}.log`) };
      const kept = await KeptProcess.start({
        name: `${plan.service}-${plan.replica}`,
        start: async () => {
          await claimOpsPort(row);
          return spawnService({
            root,
            plan: row.plan,
            logFile: row.logFile,
            dataDir,
            onLogError: onWriteError(`could not write ${row.logFile}`),
          });
        },
        onExit,
        onRestarted: record,
      });
      services.push(Object.assign(row, { kept }));
    }
    await Promise.all(
      services.map((s) =>
        waitHealthy({
          ...s,
          timeoutMs: options.startTimeoutMs ?? (options.user?.startTimeoutSeconds ?? 90) * 1000,
        }),
      ),
    );
    state = {
      supervisorPid: process.pid,
      startedAt: new Date().toISOString(),
      natsUrl,
      natsMonitorUrl,
      natsAuth: adminAuthOf(natsAuth, natsTls),
      verdictPublicKey: verdictKeys.publicKey,
      natsRestarts: 0,
      gatewayUrl,
      sandbox,
      processes: [],
    };
    record();
    diskWatch = watchDiskSpace({
      dir: dataDir,
      minFreeBytes,
      onFull: (f) => {
        halt(diskFull(f));
      },
    });
    startupDone();
    return {
      get state(): StackState {
        if (!state) throw new StackStartError('stack not started');
        return state;
      },
      get processes(): RunningProcess[] {
        return services.map(({ plan, kept, logFile }) => ({
          ...plan,
          child: kept.child,
          restarts: kept.restarts,
          logFile,
        }));
      },
      stop,
      halted,
    };
  } catch (err) {
    startupDone();
    await stop();
    throw err;
  }
}
