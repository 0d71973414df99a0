/**
 * How a CLI command reaches a stack: the one running in a data directory (stack.json), or a
 * deployed one named by `--nats URL --creds FILE` (compose, Kubernetes). Without either it refuses
 * with EX_UNAVAILABLE; it connects to NATS as the admin identity and drains the connection when
 * the command is done.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ADMIN_IDENTITY } from '@forage/messaging/stack';
import { EX_UNAVAILABLE } from '../commands/exit-codes.js';
import { rememberStackNatsAuth, stackNatsOptions } from './nats-auth.js';
import { readStackState } from './state-file.js';

/** A deployed stack: its NATS URL(s) and the file holding the admin identity's password. */
export interface RemoteStack {
  readonly natsUrl: string;
  readonly credsFile: string;
}

/** The stack a command works on, as the command needs it. */
export interface StackTarget {
  readonly natsUrl: string;
  /** The verifier's public key (base64 DER) when the stack's state names it: verdicts are checked with it. */
  readonly verdictPublicKey?: string | undefined;
}

/** A connection to the stack's NATS as the CLI (named `forage-cli-<command>` in the server's list). */
export async function connectToStack(natsUrl: string, command: string): Promise<NatsConnection> {
  return connect({
    servers: natsUrl.split(','),
    name: `forage-cli-${command}`,
    ...stackNatsOptions(natsUrl),
  });
}

/** The stack named by `remote`, or the one running in `dataDir` (undefined when none runs there). */
export function resolveStack(dataDir: string, remote: RemoteStack | undefined): StackTarget | undefined {
  if (remote) {
    rememberStackNatsAuth(remote.natsUrl, { user: ADMIN_IDENTITY, passwordFile: remote.credsFile });
    return { natsUrl: remote.natsUrl };
  }
  const stack = readStackState(dataDir);
  return stack ? { natsUrl: stack.natsUrl, verdictPublicKey: stack.verdictPublicKey } : undefined;
}

/**
 * Runs `work` connected to the stack (`remote`, else the one running in `dataDir`); without one,
 * says so and returns EX_UNAVAILABLE. The connection is drained whatever `work` does.
 */
export async function withStack(
  input: { dataDir: string; command: string; warn: (line: string) => void; remote?: RemoteStack | undefined },
  work: (nc: NatsConnection, stack: StackTarget) => Promise<number>,
): Promise<number> {
  const stack = resolveStack(input.dataDir, input.remote);
  if (!stack) {
    input.warn(
      `forage ${input.command}: no running stack in ${input.dataDir}; start one with \`forage up\`, or name a deployed one with --nats URL --creds FILE`,
    );
    return EX_UNAVAILABLE;
  }
  const nc = await connectToStack(stack.natsUrl, input.command);
  try {
    return await work(nc, stack);
  } finally {
    await nc.drain();
  }
}
