import type { MsgHdrs } from '@nats-io/transport-node';
import { subjectProducerOf, type CommandContract, type EventContract } from '@forage/contracts';
import { newTraceId, type RequestContext } from '@forage/observability';
import { HEADER, decodeJson } from './codec.js';
import { InvalidRequestError, issuesOf } from './errors.js';

/** The run and trace ids a message carries, or a fresh trace id when it carries none. */
export function requestIds(headers: MsgHdrs | undefined): RequestContext {
  return {
    traceId: headers?.get(HEADER.traceId) || newTraceId(),
    runId: headers?.get(HEADER.runId) || undefined,
  };
}

/**
 * Decodes and validates a message body against its contract; throws InvalidRequestError. For a
 * contract with one subject per producer, the producer the body names must be the one whose
 * subject carried it (`subject`): only that producer's identity may publish there.
 */
export function parseBody(
  contract: CommandContract | EventContract,
  data: Uint8Array,
  subject?: string,
): unknown {
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
  if (contract.kind === 'event' && contract.producerOf) {
    const claimed = contract.producerOf(parsed.data);
    const sender = subject === undefined ? undefined : subjectProducerOf(contract, subject);
    if (claimed !== sender) {
      throw new ForgedProducerError(
        `${contract.subject}: the body names producer ${claimed} but arrived on ${subject ?? 'no subject'}`,
      );
    }
  }
  return parsed.data;
}

/** A message whose body names another producer than the one whose subject carried it. */
export class ForgedProducerError extends InvalidRequestError {
  override readonly name: string = 'ForgedProducerError';
}
