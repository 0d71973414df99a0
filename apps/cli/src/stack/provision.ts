import { connect } from '@nats-io/transport-node';
import { natsConnectOptionsFromFile, provisionBus } from '@forage/messaging/stack';
import type { StackNatsAuth } from './nats-auth.js';
import type { ProcessPlan } from './layout.js';

/**
 * Provisions the stack's bus as the admin identity before any service starts: services may only
 * bind to streams, consumers and buckets, never create or reconfigure them. Bucket ages follow the
 * services' own variables (the same values their processes get).
 */
export async function provisionStackBus(input: {
  natsUrl: string;
  auth: StackNatsAuth;
  plans: readonly ProcessPlan[];
}): Promise<void> {
  const env: Record<string, string> = {};
  for (const plan of input.plans) Object.assign(env, plan.env);
  const nc = await connect({
    servers: input.natsUrl,
    name: 'forage-up-provision',
    ...natsConnectOptionsFromFile(input.auth),
  });
  try {
    await provisionBus(nc, { env });
  } finally {
    await nc.drain();
  }
}
