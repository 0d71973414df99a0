import { connect } from '@nats-io/transport-node';
import { ADMIN_IDENTITY, natsConnectOptionsFromFile, provisionBus } from '@forage/messaging/stack';
import { EX_UNAVAILABLE, EX_USAGE } from './exit-codes.js';

/**
 * `forage bus init --nats URL --creds FILE [--user NAME] [--ca FILE] [--replicas N]`: creates or
 * updates every stream, durable consumer, KV bucket and object store as the admin identity, before
 * the services start (a deployment's one-shot job; `forage up` does the same itself). Bucket ages
 * follow the services' variables in this environment (ORCH_RUN_STATE_TTL_HOURS, …) or their defaults.
 */
export async function busCommand(input: {
  positionals: readonly string[];
  nats: string | undefined;
  creds: string | undefined;
  user: string | undefined;
  ca: string | undefined;
  replicas: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const usage = 'usage: forage bus init --nats URL [--creds FILE] [--user NAME] [--ca FILE] [--replicas N]';
  const replicas = input.replicas === undefined ? 1 : Number(input.replicas);
  if (input.positionals[0] !== 'init' || !input.nats || !Number.isInteger(replicas) || replicas < 1) {
    input.warn(usage);
    return EX_USAGE;
  }
  const auth = input.creds
    ? {
        user: input.user ?? ADMIN_IDENTITY,
        passwordFile: input.creds,
        ...(input.ca ? { caFile: input.ca } : {}),
      }
    : undefined;
  let nc;
  try {
    nc = await connect({
      servers: input.nats.split(','),
      name: 'forage-bus-init',
      ...natsConnectOptionsFromFile(auth),
    });
  } catch (err) {
    input.warn(
      `forage bus init: cannot reach NATS at ${input.nats}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return EX_UNAVAILABLE;
  }
  try {
    const report = await provisionBus(nc, { replicas, env: input.env });
    input.write(`streams: ${report.streams.join(', ')}`);
    input.write(`durable consumers: ${report.consumers.join(', ')}`);
    input.write(`KV buckets: ${report.buckets.join(', ')}`);
    input.write(`object stores: ${report.objectStores.join(', ')}`);
    input.write('bus provisioned');
    return 0;
  } finally {
    await nc.drain();
  }
}
