import { performance } from 'node:perf_hooks';
import { connect, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  BaseRpcContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { consumeSubjectOf, type CommandContract, type EventContract } from '@forage/contracts';
import {
  runWithContext,
  type HandlerMetrics,
  type HandlerOutcome,
  type Logger,
  type RequestContext,
} from '@forage/observability';
import { encodeJson, natsServers } from './codec.js';
import type { DurableOptions, HandlerExtras } from './decorators.js';
import { consumeDurableBatches } from './durable-batch-consumer.js';
import { consumeDurable } from './durable-consumer.js';
import { ForageError, InvalidRequestError, toErrorReply } from './errors.js';
import { parseBody, requestIds } from './inbound.js';
import { bindDurableConsumer } from './jetstream.js';
import { natsClientSecurityFromEnv, natsConnectOptions, type NatsClientSecurity } from './security/index.js';

export interface ForageTransportOptions {
  readonly servers: string;
  readonly service: string;
  /** Queue group shared by all replicas of the service (defaults to the service name). */
  readonly queue?: string;
  readonly metrics: HandlerMetrics;
  readonly logger: Logger;
  /** Copies of each JetStream stream in a cluster. */
  readonly streamReplicas?: number;
  /** Credentials and TLS; by default from the environment (NATS_USER…, see natsClientEnvSchema). */
  readonly security?: NatsClientSecurity;
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
        ...natsConnectOptions(this.options.security ?? natsClientSecurityFromEnv(this.options.service)),
        maxReconnectAttempts: -1,
        // a silent server (network cut, frozen process) is noticed after ~2 missed pings, not minutes
        pingInterval: 10_000,
        maxPingOut: 2,
      });
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
      await bindDurableConsumer(nc, consumeSubjectOf(extras.contract as EventContract), extras.durable);
      this.consumerLoops.push(
        extras.maxBatch === undefined
          ? this.consumeDurable(nc, extras.contract as EventContract, handler, extras.durable)
          : this.consumeBatches(
              nc,
              extras.contract as EventContract,
              handler,
              extras.durable,
              extras.maxBatch,
            ),
      );
      return;
    }
    const queue = this.options.queue ?? this.options.service;
    this.subscriptions.push(
      nc.subscribe(extras.contract.kind === 'event' ? consumeSubjectOf(extras.contract) : subject, {
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
    const ids = requestIds(msg.headers);
    let outcome: HandlerOutcome = 'success';
    let body: unknown;
    try {
      const data = parseBody(contract, msg.data, msg.subject);
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
    this.options.metrics.observe(contract.subject, outcome, (performance.now() - started) / 1000);
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

  private consumeDurable(
    nc: NatsConnection,
    contract: EventContract,
    handler: MessageHandler,
    durable: DurableOptions,
  ): Promise<void> {
    return consumeDurable({
      nc,
      contract,
      durable,
      metrics: this.options.metrics,
      logger: this.options.logger,
      run: (data, ids) => runWithContext(ids, () => this.invoke(handler, data, ids)),
      isClosing: () => this.closing,
    });
  }

  private consumeBatches(
    nc: NatsConnection,
    contract: EventContract,
    handler: MessageHandler,
    durable: DurableOptions,
    maxBatch: number,
  ): Promise<void> {
    return consumeDurableBatches({
      nc,
      contract,
      durable,
      maxBatch,
      metrics: this.options.metrics,
      logger: this.options.logger,
      run: (items) => {
        // a batch mixes messages of many traces: it runs in a context of its own
        const ids = requestIds(undefined);
        return runWithContext(ids, () => this.invoke(handler, items, ids));
      },
      isClosing: () => this.closing,
    });
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
