import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { kvBuckets, limitConfig, objectStores, storageLimitOf, streams } from '@forage/messaging';

/**
 * What a running stack's stores lack of their storage quota (issue 25): each stream, KV bucket and
 * object store must be bounded in bytes and message size and refuse new writes when full, and the
 * log stream must hold each producer to its own quota. Read as the admin; [] when all are bounded.
 */
export async function unboundedStores(admin: NatsConnection): Promise<string[]> {
  const jsm = await jetstreamManager(admin);
  const names = [
    ...Object.values(streams).map((s) => s.name),
    ...Object.values(kvBuckets).map((b) => `KV_${b.bucket}`),
    ...Object.values(objectStores).map((o) => `OBJ_${o.bucket}`),
  ];
  const findings: string[] = [];
  for (const name of names) {
    const { config } = await jsm.streams.info(name);
    const want = limitConfig(storageLimitOf(name, {}));
    if (!(config.max_bytes > 0)) findings.push(`${name}: no size limit`);
    if (!(config.max_msg_size > 0)) findings.push(`${name}: no message size limit`);
    if (config.discard !== 'new') findings.push(`${name}: evicts old messages when full`);
    if (
      want.max_msgs_per_subject !== undefined &&
      !(config.max_msgs_per_subject > 0 && config.discard_new_per_subject)
    )
      findings.push(`${name}: no per-producer quota`);
  }
  return findings;
}
