import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventContract } from '@forage/contracts';
import type { HandlerMetrics, Logger } from '@forage/observability';
import type { DurableOptions } from './decorators.js';
import { DeadLetterMemory, settleMessage, type SettlementDeps } from './durable-settlement.js';
import { InternalError } from './errors.js';
import { parseBody } from './inbound.js';

/**
 * What a batch handler returns: one entry per item it was given, in order; `undefined` when the
 * item was handled, otherwise the error that settles it (retried or dead-lettered by its type).
 */
export type BatchOutcome = readonly (Error | undefined)[];

/** A batch handler returned something other than one outcome per item (a bug in the handler). */
export class BatchOutcomeError extends InternalError {
  override readonly name: string = 'BatchOutcomeError';
}

export interface BatchConsumerDeps {
  readonly nc: NatsConnection;
  readonly contract: EventContract;
  readonly durable: DurableOptions;
  /** Most messages handed to the handler at once. */
  readonly maxBatch: number;
  readonly metrics: HandlerMetrics;
  readonly logger: Logger;
  /** Runs the handler on the batch's validated payloads; resolves with a `BatchOutcome`. */
  readonly run: (items: readonly unknown[]) => Promise<unknown>;
  readonly isClosing: () => boolean;
}

/**
 * Pulls one durable consumer in batches: whatever has arrived (up to `maxBatch`) goes to the
 * handler in one call, with up to `durable.concurrency` batches in flight, and each message is
 * then settled by its own outcome, exactly as the one-message consumer settles it. For high-volume
 * subjects (log records), where a call per message costs more than the work itself.
 */
export async function consumeDurableBatches(deps: BatchConsumerDeps): Promise<void> {
  const js = jetstream(deps.nc);
  const consumer = await js.consumers.get(deps.durable.stream, deps.durable.consumer);
  const maxBatch = Math.max(1, deps.maxBatch);
  const limit = Math.max(1, deps.durable.concurrency ?? 1);
  const messages = await consumer.consume({ max_messages: maxBatch * (limit + 1) });
  const settlement: SettlementDeps = { ...deps, js, deadLettered: new DeadLetterMemory() };
  const queue: JsMsg[] = [];
  const inFlight = new Set<Promise<void>>();
  let scheduled = false;
  const startBatches = (): void => {
    scheduled = false;
    while (queue.length > 0 && inFlight.size < limit) {
      const task = handleBatch(deps, settlement, queue.splice(0, maxBatch)).finally(() => {
        inFlight.delete(task);
        if (queue.length > 0) schedule();
      });
      inFlight.add(task);
    }
  };
  // messages that arrived in one read are all queued before the batch starts (a macrotask later)
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(startBatches);
  };
  for await (const msg of messages) {
    if (deps.isClosing()) break;
    if (settlement.deadLettered.has(msg.info.streamSequence)) {
      msg.term();
      continue;
    }
    queue.push(msg);
    schedule();
    while (queue.length >= maxBatch * limit && !deps.isClosing()) {
      await (inFlight.size > 0 ? Promise.race(inFlight) : new Promise((r) => setImmediate(r)));
    }
  }
  // queued messages never started are not acked: the server redelivers them after their ack wait
  await Promise.allSettled(inFlight);
}

async function handleBatch(
  deps: BatchConsumerDeps,
  settlement: SettlementDeps,
  batch: readonly JsMsg[],
): Promise<void> {
  const started = performance.now();
  const errors: unknown[] = new Array<unknown>(batch.length).fill(undefined);
  const payloads: unknown[] = [];
  const positions: number[] = [];
  batch.forEach((msg, i) => {
    try {
      payloads.push(parseBody(deps.contract, msg.data, msg.subject));
      positions.push(i);
    } catch (err) {
      errors[i] = err;
    }
  });
  const heartbeat =
    deps.durable.heartbeatMs !== undefined
      ? setInterval(() => {
          for (const msg of batch) msg.working();
        }, deps.durable.heartbeatMs)
      : undefined;
  if (payloads.length > 0) {
    try {
      const outcome = outcomeOf(await deps.run(payloads), payloads.length);
      positions.forEach((at, j) => (errors[at] = outcome[j]));
    } catch (err) {
      for (const at of positions) errors[at] = err;
    } finally {
      clearInterval(heartbeat);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(batch.map((msg, i) => settleMessage(settlement, msg, errors[i], seconds)));
}

function outcomeOf(value: unknown, expected: number): BatchOutcome {
  if (!Array.isArray(value) || value.length !== expected) {
    throw new BatchOutcomeError(`a batch handler must return one outcome per item (${String(expected)})`);
  }
  return value.map((entry: unknown) => {
    if (entry === undefined || entry === null) return undefined;
    return entry instanceof Error ? entry : new BatchOutcomeError(`not an error: ${JSON.stringify(entry)}`);
  });
}
