import type { JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { deadLetterEvent, type EventContract } from '@forage/contracts';
import type { HandlerMetrics, HandlerOutcome, Logger } from '@forage/observability';
import { encodeJson, UndecodableMessageError } from './codec.js';
import type { DurableOptions } from './decorators.js';
import { InvalidRequestError } from './errors.js';
import { backoffFor, DEFAULT_MAX_DELIVER } from './jetstream.js';
import { settle } from './settle.js';

/**
 * Stream sequences this process has dead-lettered recently. nats-server 2.9 ignores `+TERM <reason>`
 * (the reason form arrived in 2.10), so a terminated message may come back after its ack wait; it
 * must not be dead-lettered (or handled) a second time.
 */
const REMEMBERED_DEAD_LETTERS = 10_000;

/** What settling a durable message needs: the one-message and the batch consumers share it. */
export interface SettlementDeps {
  readonly js: JetStreamClient;
  readonly durable: DurableOptions;
  readonly metrics: HandlerMetrics;
  readonly logger: Logger;
  readonly deadLettered: DeadLetterMemory;
  /** Metrics are labelled with the contract's subject (one series, whichever producer's subject carried it). */
  readonly contract?: EventContract;
}

/**
 * Settles one message after its handler ran (`error` undefined: it succeeded): ack, nak with
 * backoff, or dead-letter and term; and records the outcome and how long the handling took.
 */
export async function settleMessage(
  deps: SettlementDeps,
  msg: JsMsg,
  error: unknown,
  seconds: number,
): Promise<void> {
  const { durable, logger, metrics } = deps;
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
    metrics.deadLettered(deps.contract?.subject ?? msg.subject);
    // The message id makes JetStream drop a second letter for the same message within the
    // stream's duplicate window, also when another replica got the redelivery.
    await deps.js.publish(
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
    deps.deadLettered.add(msg.info.streamSequence);
    // plain +TERM: the reason is in the dead letter; 2.9 does not understand `+TERM <reason>`
    msg.term();
  }
  metrics.observe(deps.contract?.subject ?? msg.subject, outcome, seconds);
}

/** The one dead-letter id a stream message can have. */
export function deadLetterId(
  durable: Pick<DurableOptions, 'stream' | 'consumer'>,
  streamSequence: number,
): string {
  return `dlq:${durable.stream}:${durable.consumer}:${String(streamSequence)}`;
}

/** A bounded set of stream sequences (oldest forgotten first). */
export class DeadLetterMemory {
  private readonly seqs = new Set<number>();

  constructor(private readonly capacity = REMEMBERED_DEAD_LETTERS) {}

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
