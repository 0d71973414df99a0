import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import {
  errors,
  headers as natsHeaders,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import type {
  CommandContract,
  CommandReply,
  CommandRequestInput,
  EventContract,
  EventPayloadInput,
} from '@forage/contracts';
import { currentContext, newTraceId } from '@forage/observability';
import { HEADER, decodeJson, encodeJson } from './codec.js';
import { retryTransient } from './durable-publish.js';
import {
  InvalidReplyError,
  InvalidRequestError,
  RemoteError,
  RequestTimeoutError,
  ServiceUnavailableError,
  UpstreamError,
  issuesOf,
} from './errors.js';
import { errorReplySchema, publishSubjectOf } from '@forage/contracts';

export interface RequestOptions {
  /** Longest wait for the reply, including any wait for a responder to appear. */
  readonly timeoutMs?: number;
  /**
   * When no service listens on the subject (not started yet, or restarting), retry with back-off
   * inside the timeout instead of failing at once. Nobody received the request, so a retry is safe.
   */
  readonly waitForResponders?: boolean;
}

export interface BusDefaults {
  readonly timeoutMs: number;
  readonly jetstreamReplicas?: number;
  /** Default of RequestOptions.waitForResponders (true). */
  readonly waitForResponders?: boolean;
  /** How long a durable publish keeps retrying transient failures (JetStream away) before failing. */
  readonly durableRetryMs?: number;
}

/** Default bound of a durable publish's retries: a nats-server restart or a leader election. */
export const DURABLE_RETRY_MS = 15_000;

/** Back-off between attempts while a subject has no responders. */
const RESPONDER_BACKOFF_MS = { first: 50, max: 2_000 };

/**
 * The typed client every service uses to talk to the others: requests are validated before they
 * leave, replies on arrival, and a typed error reply is rethrown as a RemoteError.
 */
export class Bus {
  private readonly js: JetStreamClient;

  constructor(
    readonly connection: NatsConnection,
    private readonly defaults: BusDefaults = { timeoutMs: 30_000 },
  ) {
    this.js = jetstream(connection);
  }

  /** Copies each stream, KV or object bucket this service creates should have (NATS_STREAM_REPLICAS). */
  get jetstreamReplicas(): number {
    return this.defaults.jetstreamReplicas ?? 1;
  }

  async request<C extends CommandContract>(
    contract: C,
    input: CommandRequestInput<C>,
    options: RequestOptions = {},
  ): Promise<CommandReply<C>> {
    const parsed = contract.request.safeParse(input);
    if (!parsed.success) {
      throw new InvalidRequestError(`${contract.subject}: request does not match its contract`, {
        issues: issuesOf(parsed.error),
      });
    }
    const timeout = options.timeoutMs ?? this.defaults.timeoutMs;
    const reply = await this.send({
      subject: contract.subject,
      data: parsed.data,
      timeoutMs: timeout,
      waitForResponders: options.waitForResponders ?? this.defaults.waitForResponders ?? true,
    });
    const body = decodeJson(reply.data);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const asError = errorReplySchema.safeParse(body);
      if (asError.success) throw new RemoteError(contract.subject, asError.data);
    }
    const checked = contract.reply.safeParse(body);
    if (!checked.success) {
      throw new InvalidReplyError(`${contract.subject}: reply does not match its contract`, {
        issues: issuesOf(checked.error),
      });
    }
    return checked.data as CommandReply<C>;
  }

  private async send(input: {
    subject: string;
    data: unknown;
    timeoutMs: number;
    waitForResponders: boolean;
  }): Promise<Msg> {
    const deadline = Date.now() + input.timeoutMs;
    const payload = encodeJson(input.data);
    const headers = this.headersFor(input.data);
    let delay = RESPONDER_BACKOFF_MS.first;
    let waited = false;
    for (;;) {
      const remaining = deadline - Date.now();
      try {
        return await this.connection.request(input.subject, payload, {
          timeout: Math.max(1, remaining),
          headers,
        });
      } catch (err) {
        const left = deadline - Date.now();
        if (!input.waitForResponders || !isNoResponders(err) || left <= delay) {
          throw mapRequestError({ subject: input.subject, timeoutMs: input.timeoutMs, waited, err });
        }
      }
      waited = true;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, RESPONDER_BACKOFF_MS.max);
    }
  }

  /** Fire-and-forget on core NATS: delivered to whoever listens now, lost otherwise. */
  publish<E extends EventContract>(contract: E, input: EventPayloadInput<E>): void {
    const data = this.validateEvent(contract, input);
    this.connection.publish(publishSubjectOf(contract, data), encodeJson(data), {
      headers: this.headersFor(data),
    });
  }

  /**
   * Durable publish through JetStream, acknowledged by the server once stored. `msgId` makes it
   * idempotent: the stream drops a second publish with the same id inside its duplicate window,
   * which is what makes retrying a transient failure (JetStream restarting, an ack lost to a
   * timeout) safe; retries stop after `retryForMs` (default DURABLE_RETRY_MS).
   */
  async publishDurable<E extends EventContract>(
    contract: E,
    input: EventPayloadInput<E>,
    options: { msgId: string; retryForMs?: number },
  ): Promise<{ seq: number; duplicate: boolean }> {
    const data = this.validateEvent(contract, input);
    const payload = encodeJson(data);
    const headers = this.headersFor(data);
    try {
      const { value: ack } = await retryTransient(
        () => this.js.publish(publishSubjectOf(contract, data), payload, { msgID: options.msgId, headers }),
        { retryForMs: options.retryForMs ?? this.defaults.durableRetryMs ?? DURABLE_RETRY_MS },
      );
      return { seq: ack.seq, duplicate: ack.duplicate };
    } catch (err) {
      throw new UpstreamError(`${contract.subject}: JetStream did not store the message`, { cause: err });
    }
  }

  private validateEvent(contract: EventContract, input: unknown): unknown {
    const parsed = contract.payload.safeParse(input);
    if (!parsed.success) {
      throw new InvalidRequestError(`${contract.subject}: payload does not match its contract`, {
        issues: issuesOf(parsed.error),
      });
    }
    return parsed.data;
  }

  private headersFor(data: unknown): MsgHdrs {
    const h = natsHeaders();
    const ctx = currentContext();
    h.set(HEADER.traceId, ctx?.traceId ?? newTraceId());
    const runId = runIdOf(data) ?? ctx?.runId;
    if (runId) h.set(HEADER.runId, runId);
    return h;
  }
}

function runIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as { runId?: unknown; run_id?: unknown };
  const id = record.runId ?? record.run_id;
  return typeof id === 'string' ? id : undefined;
}

function isNoResponders(err: unknown): boolean {
  return (
    err instanceof errors.NoRespondersError ||
    (err instanceof Error && err.cause instanceof errors.NoRespondersError)
  );
}

function mapRequestError(input: {
  subject: string;
  timeoutMs: number;
  waited: boolean;
  err: unknown;
}): Error {
  const { subject, timeoutMs, err } = input;
  if (isNoResponders(err)) {
    const how = input.waited ? ` (waited ${timeoutMs} ms for one)` : '';
    return new ServiceUnavailableError(`${subject}: no service is listening${how}`, { cause: err });
  }
  if (
    err instanceof errors.TimeoutError ||
    (err instanceof Error && err.cause instanceof errors.TimeoutError)
  ) {
    return new RequestTimeoutError(`${subject}: no reply within ${timeoutMs} ms`, { cause: err });
  }
  return new UpstreamError(
    `${subject}: request failed: ${err instanceof Error ? err.message : String(err)}`,
    {
      cause: err,
    },
  );
}
