import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { deadLetterEvent, type EventContract } from '@forage/contracts';
import type { HandlerMetrics, HandlerOutcome, Logger, RequestContext } from '@forage/observability';
import { encodeJson, UndecodableMessageError } from './codec.js';
import type { DurableOptions } from './decorators.js';
import { InvalidRequestError } from './errors.js';
import { parseBody, requestIds } from './inbound.js';
import { backoffFor, DEFAULT_MAX_DELIVER } from './jetstream.js';
import { settle } from './settle.js';

/**
 * Stream sequences this process has dead-lettered recently. nats-server 2.9 ignores `+TERM <reason>`
 * (the reason form arrived in 2.10), so a terminated message may come back after its ack wait; it
 * must not be dead-lettered (or handled) a second time.
 */
const REMEMBERED_DEAD_LETTERS = 10_000;

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
  const deadLettered = new DeadLetterMemory(REMEMBERED_DEAD_LETTERS);
  for await (const msg of messages) {
    if (deps.isClosing()) break;
    if (deadLettered.has(msg.info.streamSequence)) {
      msg.term();
      continue;
    }
    const task = handleOne(deps, js, msg, deadLettered).finally(() => {
      inFlight.delete(task);
    });
    inFlight.add(task);
    if (inFlight.size >= limit) await Promise.race(inFlight);
  }
  await Promise.allSettled(inFlight);
}

async function handleOne(
  deps: DurableConsumerDeps,
  js: ReturnType<typeof jetstream>,
  msg: JsMsg,
  deadLettered: DeadLetterMemory,
): Promise<void> {
  const { durable, logger, metrics } = deps;
  const started = performance.now();
  let error: unknown;
  const heartbeat =
    durable.heartbeatMs !== undefined
      ? setInterval(() => {
          msg.working();
        }, durable.heartbeatMs)
      : undefined;
  try {
    await deps.run(parseBody(deps.contract, msg.data), requestIds(msg.headers));
  } catch (err) {
    error = err;
  } finally {
    clearInterval(heartbeat);
  }
  const decision = settle({
    error,
    deliveryCount: msg.info.deliveryCount,
    maxDeliver: durable.maxDeliver ?? DEFAULT_MAX_DELIVER,
    backoff: (n) => backoffFor(n, durable.backoffMs),
  });
  let outcome: HandlerOutcome = 'success';
  if (decision.kind === 'ack') msg.ack();
  else if (decision.kind === 'nak') {
    outcome = 'error';
    logger.warn({ err: error, subject: msg.subject, delayMs: decision.delayMs }, 'retrying');
    msg.nak(decision.delayMs);
  } else {
    outcome =
      error instanceof InvalidRequestError || error instanceof UndecodableMessageError ? 'invalid' : 'error';
    logger.error({ err: error, subject: msg.subject, reason: decision.reason }, 'dead-lettered');
    metrics.deadLettered(msg.subject);
    // The message id makes JetStream drop a second letter for the same message within the
    // stream's duplicate window, also when another replica got the redelivery.
    await js.publish(
      deadLetterEvent.subject,
      encodeJson({
        stream: durable.stream,
        consumer: durable.consumer,
        subject: msg.subject,
        deliveries: msg.info.deliveryCount,
        reason: decision.reason.slice(0, 2000),
        body: new TextDecoder().decode(msg.data).slice(0, 65_536),
        at: new Date().toISOString(),
      }),
      { msgID: deadLetterId(durable, msg.info.streamSequence) },
    );
    deadLettered.add(msg.info.streamSequence);
    // plain +TERM: the reason is in the dead letter; 2.9 does not understand `+TERM <reason>`
    msg.term();
  }
  metrics.observe(msg.subject, outcome, (performance.now() - started) / 1000);
}

/** The one dead-letter id a stream message can have. */
export function deadLetterId(
  durable: Pick<DurableOptions, 'stream' | 'consumer'>,
  streamSequence: number,
): string {
  return `dlq:${durable.stream}:${durable.consumer}:${String(streamSequence)}`;
}

/** A bounded set of stream sequences (oldest forgotten first). */
class DeadLetterMemory {
  private readonly seqs = new Set<number>();

  constructor(private readonly capacity: number) {}

  has(seq: number): boolean {
    return this.seqs.has(seq);
  }

  add(seq: number): void {
    this.seqs.add(seq);
    while (this.seqs.size > this.capacity) {
      const oldest = this.seqs.values().next().value;
      if (oldest === undefined) return;
      this.seqs.delete(oldest);
    }
  }
}
