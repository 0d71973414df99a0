import { createHash } from 'node:crypto';
import type { PageAction } from '@forage/contracts';

/**
 * Idempotency keys for a run's page actions that are the same in every attempt of the run: a step
 * is named by what it does (its URL and actions) and how many times this attempt has done that
 * already, and each action by its place in the step. A resumed attempt that redoes the step it
 * crashed in sends the same keys, so what already ran is replayed rather than performed again.
 * (A resumed attempt counts from zero, so a step identical to one before the checkpoint is also
 * replayed: the safe side, and the loop detector treats such a repeat as a loop anyway.)
 */
export class ActKeys {
  private readonly done = new Map<string, number>();

  constructor(private readonly runId: string) {}

  /** The keys of one step: action 0 is the step's navigation, then its actions in order. */
  forStep(url: string, actions: readonly PageAction[]): (index: number) => string {
    const digest = createHash('sha256').update(JSON.stringify({ url, actions })).digest('hex').slice(0, 32);
    const occurrence = this.done.get(digest) ?? 0;
    this.done.set(digest, occurrence + 1);
    return (index) => `${this.runId}:act:${digest}:${String(occurrence)}:${String(index)}`;
  }
}
