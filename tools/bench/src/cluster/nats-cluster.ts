/**
 * A 3-node NATS cluster with JetStream on one machine: one nats-server process per node, each
 * with its own client, route and monitor port and its own store, routed to the other two.
 * Ready when every node reports JetStream healthy and the meta group has a leader.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNatsServer } from '@forage/messaging';
import { freePorts } from '@forage/messaging/stack';

export interface NatsNode {
  readonly name: string;
  readonly url: string;
  readonly monitorUrl: string;
  readonly process: ChildProcess;
}

export interface NatsCluster {
  readonly nodes: readonly NatsNode[];
  /** All client URLs, comma separated (NATS_URL for every service). */
  readonly urls: string;
  kill(name: string): void;
  stop(): Promise<void>;
}

export class NatsClusterError extends Error {
  override readonly name = 'NatsClusterError';
}

export async function startNatsCluster(input: { dir: string; size?: number }): Promise<NatsCluster> {
  const size = input.size ?? 3;
  const ports = await freePorts(size * 3);
  const at = (i: number): number => {
    const p = ports[i];
    if (p === undefined) throw new NatsClusterError('not enough free ports');
    return p;
  };
  const specs = Array.from({ length: size }, (_, i) => ({
    name: `nats-${String(i + 1)}`,
    client: at(i * 3),
    route: at(i * 3 + 1),
    monitor: at(i * 3 + 2),
  }));
  const routes = specs.map((s) => `nats-route://127.0.0.1:${String(s.route)}`);
  const bin = findNatsServer();
  const nodes: NatsNode[] = specs.map((s) => {
    const dir = join(input.dir, s.name);
    mkdirSync(dir, { recursive: true });
    const config = join(dir, 'nats.conf');
    writeFileSync(
      config,
      [
        `server_name: ${s.name}`,
        `listen: 127.0.0.1:${String(s.client)}`,
        `http: 127.0.0.1:${String(s.monitor)}`,
        'max_payload: 1MB',
        `jetstream { store_dir: "${join(dir, 'js')}", max_memory_store: 256MB, max_file_store: 4GB }`,
        `cluster { name: forage, listen: 127.0.0.1:${String(s.route)}, routes: [${routes.join(', ')}], connect_retries: 60 }`,
        '',
      ].join('\n'),
    );
    const log = createWriteStream(join(dir, 'server.log'));
    const child = spawn(bin, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    return {
      name: s.name,
      url: `nats://127.0.0.1:${String(s.client)}`,
      monitorUrl: `http://127.0.0.1:${String(s.monitor)}`,
      process: child,
    };
  });
  const cluster: NatsCluster = {
    nodes,
    urls: nodes.map((n) => n.url).join(','),
    kill: (name) => {
      nodes.find((n) => n.name === name)?.process.kill('SIGKILL');
    },
    stop: async () => {
      await Promise.all(
        nodes.map(async (n) => {
          if (n.process.exitCode !== null || n.process.signalCode !== null) return;
          const exited = new Promise((r) => n.process.once('exit', r));
          n.process.kill('SIGTERM');
          const timer = setTimeout(() => n.process.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
  try {
    await waitReady(nodes, 60_000);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

async function waitReady(nodes: readonly NatsNode[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const states = await Promise.all(nodes.map((n) => nodeState(n)));
    if (states.every((s) => s.healthy && s.leader)) return;
    last = states.map((s, i) => `${nodes[i]?.name ?? ''}: ${s.detail}`).join('; ');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new NatsClusterError(`the NATS cluster did not form: ${last}`);
}

async function nodeState(node: NatsNode): Promise<{ healthy: boolean; leader: boolean; detail: string }> {
  try {
    const health = await fetch(`${node.monitorUrl}/healthz?js-enabled-only=true`, {
      signal: AbortSignal.timeout(2_000),
    });
    const jsz = (await (
      await fetch(`${node.monitorUrl}/jsz`, { signal: AbortSignal.timeout(2_000) })
    ).json()) as {
      meta_cluster?: { leader?: string; cluster_size?: number };
    };
    const leader = Boolean(jsz.meta_cluster?.leader);
    return {
      healthy: health.ok,
      leader,
      detail: `health ${String(health.status)}, leader ${jsz.meta_cluster?.leader ?? 'none'}`,
    };
  } catch (err) {
    return { healthy: false, leader: false, detail: err instanceof Error ? err.message : String(err) };
  }
}
