import { connect } from '@nats-io/transport-node';
import { statfsSync } from 'node:fs';
import { natsConnectOptionsFromFile, provisionBus, storageScaleFor } from '@forage/messaging/stack';
import type { StackNatsAuth } from './nats-auth.js';
import type { ProcessPlan } from './layout.js';

/**
 * Provisions the stack's bus as the admin identity before any service starts: services may only
 * bind to streams, consumers and buckets, never create or reconfigure them. Bucket ages follow the
 * services' own variables (the same values their processes get); storage quotas the FORAGE_BUS_*
 * variables of this environment (libs/messaging storage-limits.ts).
 */
export async function provisionStackBus(input: {
  natsUrl: string;
  auth: StackNatsAuth;
  plans: readonly ProcessPlan[];
  /** The JetStream store's directory: its file system's free space bounds the storage quotas. */
  storeDir: string;
}): Promise<void> {
  const env: Record<string, string> = {};
  // storage quotas (FORAGE_BUS_*_MAX_MB, FORAGE_BUS_LOG_RECORDS_PER_PRODUCER) are the operator's
  for (const [key, value] of Object.entries(process.env))
    if (key.startsWith('FORAGE_BUS_') && value !== undefined) env[key] = value;
  for (const plan of input.plans) Object.assign(env, plan.env);
  const nc = await connect({
    servers: input.natsUrl,
    name: 'forage-up-provision',
    ...natsConnectOptionsFromFile(input.auth),
  });
  try {
    // JetStream reserves each store's quota up front: a small disk gets smaller quotas, not a refusal
    const { bavail, bsize } = statfsSync(input.storeDir);
    await provisionBus(nc, { env, storageScale: storageScaleFor(bavail * bsize) });
  } finally {
    await nc.drain();
  }
}
