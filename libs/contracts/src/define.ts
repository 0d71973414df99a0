import { z } from 'zod';

const commandSubject = /^[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9][0-9]*$/;
const eventSubject = /^[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9][0-9]*$/;

/** A request/reply subject: `<service>.<verb>.v<N>` with its request and reply schemas. */
export interface CommandContract<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  readonly kind: 'command';
  readonly subject: string;
  readonly description: string;
  readonly request: Req;
  readonly reply: Rep;
}

/** A fire-and-forget (or durable) subject: `<domain>.<entity-or-verb>.v<N>` with its payload schema. */
export interface EventContract<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly description: string;
  readonly payload: Payload;
  /**
   * Set when every producer publishes under its own subject `<subject>.<producer>`: NATS grants
   * each identity the publish right to its own subject only, so the subject, not a field of the
   * body, says who sent a message. Returns the producer a payload claims to come from.
   */
  producerOf?(payload: z.infer<Payload>): string;
}

export type Contract = CommandContract | EventContract;

export type CommandRequest<C extends CommandContract> = z.infer<C['request']>;
export type CommandRequestInput<C extends CommandContract> = z.input<C['request']>;
export type CommandReply<C extends CommandContract> = z.infer<C['reply']>;
export type EventPayload<E extends EventContract> = z.infer<E['payload']>;
export type EventPayloadInput<E extends EventContract> = z.input<E['payload']>;

export class InvalidSubjectError extends Error {
  override readonly name = 'InvalidSubjectError';
}

export function defineCommand<Req extends z.ZodType, Rep extends z.ZodType>(def: {
  subject: string;
  description: string;
  request: Req;
  reply: Rep;
}): CommandContract<Req, Rep> {
  if (!commandSubject.test(def.subject)) throw new InvalidSubjectError(`bad command subject ${def.subject}`);
  return Object.freeze({ kind: 'command', ...def });
}

export function defineEvent<Payload extends z.ZodType>(def: {
  subject: string;
  description: string;
  payload: Payload;
  producerOf?: (payload: z.infer<Payload>) => string;
}): EventContract<Payload> {
  if (!eventSubject.test(def.subject)) throw new InvalidSubjectError(`bad event subject ${def.subject}`);
  return Object.freeze({ kind: 'event', ...def });
}

/** The subject a payload of `contract` is published on (its producer's own subject when it has one). */
export function publishSubjectOf(contract: EventContract, payload: unknown): string {
  return contract.producerOf ? producerSubjectOf(contract, contract.producerOf(payload)) : contract.subject;
}

/** The subject `producer` publishes `contract` on. */
export function producerSubjectOf(contract: EventContract, producer: string): string {
  return contract.producerOf ? `${contract.subject}.${producer}` : contract.subject;
}

/** What a consumer of `contract` subscribes to (or filters a stream on): every producer's subject. */
export function consumeSubjectOf(contract: EventContract): string {
  return contract.producerOf ? `${contract.subject}.*` : contract.subject;
}

/** The producer a message's subject names, for a contract with one subject per producer. */
export function subjectProducerOf(contract: EventContract, subject: string): string | undefined {
  if (!contract.producerOf || !subject.startsWith(`${contract.subject}.`)) return undefined;
  const producer = subject.slice(contract.subject.length + 1);
  return producer && !producer.includes('.') ? producer : undefined;
}
