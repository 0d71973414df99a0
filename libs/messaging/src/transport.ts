import { performance } from 'node:perf_hooks';
import { jetstream, type JsMsg } from '@nats-io/jetstream';
import { connect, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  BaseRpcContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import type { CommandContract, EventContract } from '@forage/contracts';
import { deadLetterEvent } from '@forage/contracts';
import {
  newTraceId,
  runWithContext,
  type HandlerMetrics,
  type HandlerOutcome,
  type Logger,
  type RequestContext,
} from '@forage/observability';
import { HEADER, decodeJson, encodeJson, natsServers, UndecodableMessageError } from './codec.js';
import type { DurableOptions, HandlerExtras } from './decorators.js';
import { ForageError, InvalidRequestError, issuesOf, toErrorReply } from './errors.js';
import { backoffFor, DEFAULT_MAX_DELIVER, ensureAllStreams, ensureDurableConsumer } from './jetstream.js';
import { settle } from './settle.js';

export interface ForageTransportOptions {
  readonly servers: string;
  readonly service: string;
  /** Queue group shared by all replicas of the service (defaults to the service name). */
  readonly queue?: string;
  readonly metrics: HandlerMetrics;
  readonly logger: Logger;
  /** Copies of each JetStream stream in a cluster. */
  readonly streamReplicas?: number;
}

/** Context handed to handlers as `@Ctx()`: the raw NATS message headers and the request ids. */
export class ForageContext extends BaseRpcContext<[RequestContext]> {
  get ids(): RequestContext {
    return this.getArgByIndex(0) as RequestContext;
  }
}

/**
 * Nest transport over NATS (v3 client). Bodies are plain JSON so any NATS client can call a
 * service; every request is validated against the handler's contract before the handler runs,
 * timed, counted, and answered with either the reply or the typed error reply.
 */
export class ForageTransport extends Server implements CustomTransportStrategy {
  private nc: NatsConnection | undefined;
  private readonly subscriptions: Subscription[] = [];
  private readonly consumerLoops: Promise<void>[] = [];
  private closing = false;

  constructor(private readonly options: ForageTransportOptions) {
    super();
  }

  get connection(): NatsConnection | undefined {
    return this.nc;
  }

  isHealthy(): boolean {
    return this.nc !== undefined && !this.nc.isClosed() && !this.closing;
  }

  async listen(callback: (err?: unknown) => void): Promise<void> {
    try {
      this.nc = await connect({
        servers: natsServers(this.options.servers),
        name: this.options.service,
        maxReconnectAttempts: -1,
      });
      const hasDurable = [...this.messageHandlers.values()].some((h) => extrasOf(h)?.durable);
      if (hasDurable) await ensureAllStreams(this.nc, this.options.streamReplicas ?? 1);
      for (const [subject, handler] of this.messageHandlers) await this.bind(this.nc, subject, handler);
      // ready means the server has the subscriptions: a request sent right after boot finds us
      await this.nc.flush();
      callback();
    } catch (err) {
      callback(err);
    }
  }

  private async bind(nc: NatsConnection, subject: string, handler: MessageHandler): Promise<void> {
    const extras = extrasOf(handler);
    if (!extras)
      throw new Error(`handler for ${subject} has no contract; use @HandleCommand or @HandleEvent`);
    if (extras.durable) {
      await ensureDurableConsumer(nc, subject, extras.durable);
      this.consumerLoops.push(
        this.consumeDurable(nc, extras.contract as EventContract, handler, extras.durable),
      );
      return;
    }
    const queue = this.options.queue ?? this.options.service;
    this.subscriptions.push(
      nc.subscribe(subject, {
        queue,
        callback: (err, msg) => {
          if (err) {
            this.options.logger.error({ err, subject }, 'subscription error');
            return;
          }
          void this.onMessage(extras.contract, handler, msg);
        },
      }),
    );
  }

  private async onMessage(
    contract: CommandContract | EventContract,
    handler: MessageHandler,
    msg: Msg,
  ): Promise<void> {
    const started = performance.now();
    const ids: RequestContext = {
      traceId: msg.headers?.get(HEADER.traceId) || newTraceId(),
      runId: msg.headers?.get(HEADER.runId) || undefined,
    };
    let outcome: HandlerOutcome = 'success';
    let body: unknown;
    try {
      const data = parse(contract, msg.data);
      body = await runWithContext(ids, () => this.invoke(handler, data, ids));
    } catch (err) {
      outcome = err instanceof InvalidRequestError ? 'invalid' : 'error';
      this.logFailure(err, msg.subject);
      body = toErrorReply(err);
    }
    if (msg.reply) {
      try {
        msg.respond(encodeJson(body ?? null));
      } catch (err) {
        this.options.logger.error({ err, subject: msg.subject }, 'could not reply');
      }
    }
    this.options.metrics.observe(msg.subject, outcome, (performance.now() - started) / 1000);
  }

  /** Named errors are expected outcomes (a page that did not load): warn without a stack; bugs get the stack. */
  private logFailure(err: unknown, subject: string): void {
    if (err instanceof InvalidRequestError) return;
    if (err instanceof ForageError) {
      this.options.logger.warn({ subject, code: err.code, retryable: err.retryable }, err.message);
    } else {
      this.options.logger.error({ err, subject }, 'handler failed');
    }
  }

  private async invoke(handler: MessageHandler, data: unknown, ids: RequestContext): Promise<unknown> {
    const result: unknown = await handler(data, new ForageContext([ids]));
    return lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }

  private async consumeDurable(
    nc: NatsConnection,
    contract: EventContract,
    handler: MessageHandler,
    durable: DurableOptions,
  ): Promise<void> {
    const js = jetstream(nc);
    const consumer = await js.consumers.get(durable.stream, durable.consumer);
    const messages = await consumer.consume({ max_messages: 64 });
    const maxDeliver = durable.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const limit = Math.max(1, durable.concurrency ?? 1);
    const inFlight = new Set<Promise<void>>();
    for await (const msg of messages) {
      if (this.closing) break;
      const task = this.onDurable({ js, contract, handler, durable, msg, maxDeliver }).finally(() => {
        inFlight.delete(task);
      });
      inFlight.add(task);
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.allSettled(inFlight);
  }

  private async onDurable(input: {
    js: ReturnType<typeof jetstream>;
    contract: EventContract;
    handler: MessageHandler;
    durable: DurableOptions;
    msg: JsMsg;
    maxDeliver: number;
  }): Promise<void> {
    const { js, contract, handler, durable, msg, maxDeliver } = input;
    const started = performance.now();
    const ids: RequestContext = {
      traceId: msg.headers?.get(HEADER.traceId) || newTraceId(),
      runId: msg.headers?.get(HEADER.runId) || undefined,
    };
    let error: unknown;
    try {
      const data = parse(contract, msg.data);
      await runWithContext(ids, () => this.invoke(handler, data, ids));
    } catch (err) {
      error = err;
    }
    const decision = settle({
      error,
      deliveryCount: msg.info.deliveryCount,
      maxDeliver,
      backoff: (n) => backoffFor(n, durable.backoffMs),
    });
    let outcome: HandlerOutcome = 'success';
    if (decision.kind === 'ack') msg.ack();
    else if (decision.kind === 'nak') {
      outcome = 'error';
      this.options.logger.warn({ err: error, subject: msg.subject, delayMs: decision.delayMs }, 'retrying');
      msg.nak(decision.delayMs);
    } else {
      outcome =
        error instanceof InvalidRequestError || error instanceof UndecodableMessageError
          ? 'invalid'
          : 'error';
      this.options.logger.error(
        { err: error, subject: msg.subject, reason: decision.reason },
        'dead-lettered',
      );
      this.options.metrics.deadLettered(msg.subject);
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
      );
      msg.term(decision.reason.slice(0, 200));
    }
    this.options.metrics.observe(msg.subject, outcome, (performance.now() - started) / 1000);
  }

  async close(): Promise<void> {
    this.closing = true;
    const nc = this.nc;
    if (!nc || nc.isClosed()) return;
    // drain lets in-flight requests finish and their replies go out before the connection closes
    await nc.drain();
    await Promise.allSettled(this.consumerLoops);
  }

  on(): never {
    throw new Error('ForageTransport does not support event listeners');
  }

  // the signature is Nest's (Server.unwrap<T>)
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  unwrap<T = NatsConnection>(): T {
    if (!this.nc) throw new Error('not connected');
    return this.nc as T;
  }
}

function extrasOf(handler: MessageHandler): HandlerExtras | undefined {
  const extras: Partial<HandlerExtras> | undefined = handler.extras;
  return extras?.contract ? (extras as HandlerExtras) : undefined;
}

/** Decodes and validates a message body against its contract; throws InvalidRequestError. */
function parse(contract: CommandContract | EventContract, data: Uint8Array): unknown {
  let raw: unknown;
  try {
    raw = decodeJson(data);
  } catch (err) {
    throw new InvalidRequestError('message body is not valid JSON', { cause: err });
  }
  const schema = contract.kind === 'command' ? contract.request : contract.payload;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new InvalidRequestError(`${contract.subject}: request does not match its contract`, {
      issues: issuesOf(parsed.error),
    });
  }
  return parsed.data;
}
