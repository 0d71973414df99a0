import type { MsgHdrs } from '@nats-io/transport-node';
import type { CommandContract, EventContract } from '@forage/contracts';
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

/** Decodes and validates a message body against its contract; throws InvalidRequestError. */
export function parseBody(contract: CommandContract | EventContract, data: Uint8Array): unknown {
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
