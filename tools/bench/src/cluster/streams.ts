import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';

/** Every stream, KV bucket (KV_*) and object bucket (OBJ_*) with its replica count and where the copies are. */
export async function streamReplicaReport(
  nc: NatsConnection,
  wanted = 3,
): Promise<{ lines: string[]; underReplicated: number }> {
  const jsm = await jetstreamManager(nc);
  const lines: string[] = [];
  let underReplicated = 0;
  for await (const info of jsm.streams.list()) {
    const replicas = info.config.num_replicas;
    if (replicas < wanted) underReplicated++;
    const peers = [info.cluster?.leader, ...(info.cluster?.replicas ?? []).map((r) => r.name)].filter(
      Boolean,
    );
    lines.push(`${info.config.name.padEnd(32)} R${String(replicas)} on ${peers.join(', ')}`);
  }
  return { lines: lines.sort(), underReplicated };
}
