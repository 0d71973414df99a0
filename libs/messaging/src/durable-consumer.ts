import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventContract } from '@forage/contracts';
import type { HandlerMetrics, Logger, RequestContext } from '@forage/observability';
import type { DurableOptions } from './decorators.js';
import { DeadLetterMemory, settleMessage, type SettlementDeps } from './durable-settlement.js';
import { parseBody, requestIds } from './inbound.js';

export { deadLetterId } from './durable-settlement.js';

export interface DurableConsumerDeps {
  readonly nc: NatsConnection;
  readonly contract: EventContract;
  readonly durable: DurableOptions;
  readonly metrics: HandlerMetrics;
  readonly logger: Logger;
  /** Runs the handler on validated data inside the message's request context. */
  readonly run: (data: unknown, ids: RequestContext) => Promise<unknown>;
  readonly isClosing: () => boolean;
}

/**
 * Pulls one durable consumer until the transport closes, handling up to `concurrency` messages
 * at once, and settles each one explicitly: ack, nak with backoff, or dead-letter and term.
 */
export async function consumeDurable(deps: DurableConsumerDeps): Promise<void> {
  const js = jetstream(deps.nc);
  const consumer = await js.consumers.get(deps.durable.stream, deps.durable.consumer);
  const limit = Math.max(1, deps.durable.concurrency ?? 1);
  const messages = await consumer.consume({ max_messages: Math.max(64, limit * 2) });
  const inFlight = new Set<Promise<void>>();
  const settlement: SettlementDeps = { ...deps, js, deadLettered: new DeadLetterMemory() };
  for await (const msg of messages) {
    if (deps.isClosing()) break;
    if (settlement.deadLettered.has(msg.info.streamSequence)) {
      msg.term();
      continue;
    }
    const task = handleOne(deps, settlement, msg).finally(() => {
      inFlight.delete(task);
    });
    inFlight.add(task);
    if (inFlight.size >= limit) await Promise.race(inFlight);
  }
  await Promise.allSettled(inFlight);
}

async function handleOne(deps: DurableConsumerDeps, settlement: SettlementDeps, msg: JsMsg): Promise<void> {
  const started = performance.now();
  let error: unknown;
  const heartbeat =
    deps.durable.heartbeatMs !== undefined
      ? setInterval(() => {
          msg.working();
        }, deps.durable.heartbeatMs)
      : undefined;
  try {
    await deps.run(parseBody(deps.contract, msg.data, msg.subject), requestIds(msg.headers));
  } catch (err) {
    error = err;
  } finally {
    clearInterval(heartbeat);
  }
  await settleMessage(settlement, msg, error, (performance.now() - started) / 1000);
}
