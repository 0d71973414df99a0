/**
 * How a CLI command reaches the running stack of a data directory: read stack.json, refuse with
 * EX_UNAVAILABLE when no stack runs there, connect to its NATS as the CLI's identity, and drain
 * the connection when the command is done.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EX_UNAVAILABLE } from '../commands/exit-codes.js';
import { stackNatsOptions } from './nats-auth.js';
import { readStackState, type StackState } from './state-file.js';

/** A connection to the stack's NATS as the CLI (named `forage-cli-<command>` in the server's list). */
export async function connectToStack(natsUrl: string, command: string): Promise<NatsConnection> {
  return connect({ servers: natsUrl, name: `forage-cli-${command}`, ...stackNatsOptions(natsUrl) });
}

/**
 * Runs `work` connected to the stack running in `dataDir`; without one, says so and returns
 * EX_UNAVAILABLE. The connection is drained whatever `work` does.
 */
export async function withStack(
  input: { dataDir: string; command: string; warn: (line: string) => void },
  work: (nc: NatsConnection, stack: StackState) => Promise<number>,
): Promise<number> {
  const stack = readStackState(input.dataDir);
  if (!stack) {
    input.warn(`forage ${input.command}: no running stack in ${input.dataDir}; start one with \`forage up\``);
    return EX_UNAVAILABLE;
  }
  const nc = await connectToStack(stack.natsUrl, input.command);
  try {
    return await work(nc, stack);
  } finally {
    await nc.drain();
  }
}
