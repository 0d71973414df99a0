import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dieWithParent } from './parent-death.js';

export const NATS_SERVER_CANDIDATES = [
  '/usr/sbin/nats-server',
  '/usr/bin/nats-server',
  '/usr/local/bin/nats-server',
];

export class NatsServerMissingError extends Error {
  override readonly name = 'NatsServerMissingError';
  constructor() {
    super('nats-server not found; install it with: apt-get install -y nats-server (or set NATS_SERVER_BIN)');
  }
}

export class NatsServerStartError extends Error {
  override readonly name = 'NatsServerStartError';
}

export function findNatsServer(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = env['NATS_SERVER_BIN'] ? [env['NATS_SERVER_BIN']] : NATS_SERVER_CANDIDATES;
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new NatsServerMissingError();
  return found;
}

export interface RunningNatsServer {
  readonly url: string;
  readonly port: number;
  readonly monitorUrl: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts nats-server with JetStream storing in `storeDir`. Ports default to free ones (-1); the
 * chosen ports are read from the server's own log lines.
 */
export async function launchNatsServer(options: {
  storeDir: string;
  port?: number;
  monitorPort?: number;
  host?: string;
  startTimeoutMs?: number;
  /** A configuration file (authorization, TLS); the flags above still set host, ports and store. */
  configFile?: string;
  /** The server gets this signal when the process that started it dies (a supervisor's children do not outlive it). */
  parentDeathSignal?: 'SIGTERM' | 'SIGKILL';
}): Promise<RunningNatsServer> {
  const host = options.host ?? '127.0.0.1';
  const bin = findNatsServer();
  const args = [
    ...(options.configFile ? ['-c', options.configFile] : []),
    '-a',
    host,
    '-p',
    String(options.port ?? -1),
    '-m',
    String(options.monitorPort ?? -1),
    '-js',
    '-sd',
    options.storeDir,
  ];
  const launch = options.parentDeathSignal
    ? dieWithParent({ command: bin, args, signal: options.parentDeathSignal })
    : { command: bin, args };
  const child = spawn(launch.command, launch.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const ports = await new Promise<{ client: number; monitor: number; monitorHost: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new NatsServerStartError(`nats-server did not become ready:\n${log}`));
      }, options.startTimeoutMs ?? 10_000);
      const onData = (chunk: Buffer): void => {
        log += chunk.toString();
        const client = /Listening for client connections on [^\s]+:(\d+)/.exec(log);
        const monitor = /Starting http monitor on (?:https?:\/\/)?([^\s]+):(\d+)/.exec(log);
        if (client?.[1] && monitor?.[1] && monitor[2] && log.includes('Server is ready')) {
          clearTimeout(timer);
          child.stderr.off('data', onData);
          child.stdout.off('data', onData);
          resolve({ client: Number(client[1]), monitor: Number(monitor[2]), monitorHost: monitor[1] });
        }
      };
      child.stderr.on('data', onData);
      child.stdout.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new NatsServerStartError(`nats-server exited with ${code}:\n${log}`));
      });
    },
  );
  // keep draining output so the pipe never fills and blocks the server
  child.stderr.resume();
  child.stdout.resume();
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  return {
    url: `nats://${host}:${ports.client}`,
    port: ports.client,
    // where nats-server says it bound the monitor (it follows `host`: loopback unless asked otherwise)
    monitorUrl: `http://${ports.monitorHost}:${ports.monitor}`,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
