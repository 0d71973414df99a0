import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceIdentity } from '@forage/messaging';

/** What an attack may use: a connection as any identity, the admin's to look at the effect. */
export interface AttackContext {
  /** A fresh connection with `identity`'s own credentials (closed by the runner). */
  connectAs(identity: ServiceIdentity): Promise<NatsConnection>;
  /** The operator's connection: reads the bus to see whether an attempt changed anything. */
  readonly admin: NatsConnection;
  /**
   * Whether logging stored the record `recordId` (a running stack only; undefined when no logging
   * service runs, so attacks on stored records check what they can).
   */
  readonly storedRecord?: (record: { runId: string; recordId: string }) => Promise<boolean>;
}

/** How one attempt ended: held (refused, and nothing changed) or the effect it had. */
export type AttemptOutcome =
  { readonly held: true; readonly how: string } | { readonly held: false; readonly effect: string };

/** One attack of the adversary suite, tried with each attacker's own credentials in turn. */
export interface Attack {
  readonly name: string;
  readonly description: string;
  /** The identities that try it (never the one whose job it is). */
  readonly attackers: readonly ServiceIdentity[];
  /** Sets the scene once, as the admin (e.g. a message the attack tries to remove). */
  prepare?(ctx: AttackContext): Promise<void>;
  attempt(ctx: AttackContext, attacker: ServiceIdentity): Promise<AttemptOutcome>;
}

export const held = (how: string): AttemptOutcome => ({ held: true, how });
export const broken = (effect: string): AttemptOutcome => ({ held: false, effect });

/**
 * Runs `request`; resolves with the server's permission refusal, or undefined when the request
 * went through or failed for any other reason (a timeout proves nothing about permissions).
 */
export async function refusal(request: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await request();
    return undefined;
  } catch (err) {
    for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
      if (/permissions? violation|authorization/i.test(e.message)) return e.message.split('\n')[0];
    }
    return undefined;
  }
}
