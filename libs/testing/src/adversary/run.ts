import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceIdentity } from '@forage/messaging';
import type { Attack, AttackContext, AttemptOutcome } from './attack.js';

/** One attempt: which attack, by whom, and how it ended. */
export interface AttemptResult {
  readonly attack: string;
  readonly attacker: ServiceIdentity;
  readonly outcome: AttemptOutcome;
}

/**
 * Tries every attack with each of its attackers' own credentials in turn. An attempt that throws
 * (the attack itself failed to run) counts as not held: the suite must prove each refusal.
 */
export async function runAttacks(input: {
  attacks: readonly Attack[];
  admin: NatsConnection;
  connect: (identity: ServiceIdentity) => Promise<NatsConnection>;
  storedRecord?: AttackContext['storedRecord'];
  onResult?: (result: AttemptResult) => void;
}): Promise<AttemptResult[]> {
  const results: AttemptResult[] = [];
  for (const attack of input.attacks) {
    const opened: NatsConnection[] = [];
    const ctx: AttackContext = {
      admin: input.admin,
      connectAs: async (identity) => {
        const nc = await input.connect(identity);
        opened.push(nc);
        return nc;
      },
      ...(input.storedRecord ? { storedRecord: input.storedRecord } : {}),
    };
    await attack.prepare?.(ctx);
    for (const attacker of attack.attackers) {
      let outcome: AttemptOutcome;
      try {
        outcome = await attack.attempt(ctx, attacker);
      } catch (err) {
        outcome = {
          held: false,
          effect: `the attempt did not run: ${err instanceof Error ? err.message : String(err)}`,
        };
      }
      const result = { attack: attack.name, attacker, outcome };
      results.push(result);
      input.onResult?.(result);
    }
    for (const nc of opened.splice(0)) await nc.close().catch(() => undefined);
  }
  return results;
}

/** `RESULT attempts=… held=… failed=…` */
export function adversaryResultLine(results: readonly AttemptResult[]): string {
  const heldCount = results.filter((r) => r.outcome.held).length;
  return `RESULT attempts=${String(results.length)} held=${String(heldCount)} failed=${String(results.length - heldCount)}`;
}
