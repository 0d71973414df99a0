import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { CommandContract, EventContract } from '@forage/contracts';

/** How a durable (JetStream) handler is consumed; see ForageTransport. */
export interface DurableOptions {
  /** Stream that holds the subject (see `streams`). */
  readonly stream: string;
  /** Durable consumer name; replicas sharing it share the work. */
  readonly consumer: string;
  /** Deliveries before the message goes to the dead-letter subject. */
  readonly maxDeliver?: number;
  /** Redelivery delays for retryable failures, by attempt. */
  readonly backoffMs?: readonly number[];
  /** How long one message may be worked on before redelivery (keep above the slowest handler). */
  readonly ackWaitMs?: number;
  /** Messages handled at once by one replica (default 1: strictly in order). */
  readonly concurrency?: number;
  /**
   * Messages delivered and not yet acknowledged, across all replicas, before the server stops
   * delivering (the server's default is 1,000). Keep it at or above what the replicas work on at
   * once, or the consumer waits on acks instead of working.
   */
  readonly maxAckPending?: number;
  /**
   * While the handler runs, tell the server every this many ms that the message is still being
   * worked on (`+WPI`), so a long handler is not redelivered after `ackWaitMs`. Keep it well below
   * `ackWaitMs`; a crashed replica stops heartbeating and the message is redelivered as usual.
   */
  readonly heartbeatMs?: number;
}

export interface HandlerExtras {
  readonly contract: CommandContract | EventContract;
  readonly durable?: DurableOptions;
  /** Set by `HandleEventBatch`: the handler takes up to this many payloads at once. */
  readonly maxBatch?: number;
}

/** Serve a command contract: the request is validated before the method runs; errors become typed replies. */
export function HandleCommand(contract: CommandContract): MethodDecorator {
  const extras: HandlerExtras = { contract };
  return MessagePattern(contract.subject, extras);
}

/** Consume an event contract, on core NATS (at most once) or, with `durable`, through JetStream. */
export function HandleEvent(
  contract: EventContract,
  options?: { durable?: DurableOptions },
): MethodDecorator {
  const extras: HandlerExtras = { contract, ...(options?.durable ? { durable: options.durable } : {}) };
  // the explicit <string> picks the plain-topic overload (the default picks the typed-event-map one)
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-arguments
  return EventPattern<string>(contract.subject, extras);
}

/**
 * Consume a durable event contract in batches: the method receives an array of validated payloads
 * (up to `maxBatch`, whatever has arrived) and returns a `BatchOutcome`, one entry per payload;
 * each message is settled by its own entry. `durable.concurrency` is the number of batches in flight.
 */
export function HandleEventBatch(
  contract: EventContract,
  options: { durable: DurableOptions; maxBatch: number },
): MethodDecorator {
  const extras: HandlerExtras = { contract, durable: options.durable, maxBatch: options.maxBatch };
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-arguments
  return EventPattern<string>(contract.subject, extras);
}
