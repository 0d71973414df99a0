import type { ErrorCode, ErrorIssue, ErrorReply } from '@forage/contracts';
import type { z } from 'zod';

/** Base of every named Forage error: the class says what went wrong and whether a retry can help. */
export abstract class ForageError extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly retryable: boolean;
  readonly issues: ErrorIssue[] | undefined;

  constructor(message: string, options?: { cause?: unknown; issues?: ErrorIssue[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.issues = options?.issues;
  }

  toReply(): ErrorReply {
    return {
      error: {
        code: this.code,
        message: this.message,
        retryable: this.retryable,
        ...(this.issues ? { issues: this.issues } : {}),
      },
    };
  }
}

export function issuesOf(error: z.ZodError): ErrorIssue[] {
  return error.issues.slice(0, 50).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The input broke its contract; sending it again will not help. */
export class InvalidRequestError extends ForageError {
  override readonly name: string = 'InvalidRequestError';
  readonly code = 'invalid_request';
  readonly retryable = false;
}

/** A responder answered with something its contract does not allow. */
export class InvalidReplyError extends ForageError {
  override readonly name: string = 'InvalidReplyError';
  readonly code = 'invalid_reply';
  readonly retryable = false;
}

export class NotFoundError extends ForageError {
  override readonly name: string = 'NotFoundError';
  readonly code = 'not_found';
  readonly retryable = false;
}

/** Nothing answered in time; the work may or may not have happened. */
export class RequestTimeoutError extends ForageError {
  override readonly name: string = 'RequestTimeoutError';
  readonly code = 'timeout';
  readonly retryable = true;
}

/** No service is listening on the subject (none running, or all restarting). */
export class ServiceUnavailableError extends ForageError {
  override readonly name: string = 'ServiceUnavailableError';
  readonly code = 'unavailable';
  readonly retryable = true;
}

/** Something we depend on failed in a way that may pass (a page that did not load, a busy store). */
export class UpstreamError extends ForageError {
  override readonly name: string = 'UpstreamError';
  readonly code = 'upstream_failed';
  readonly retryable = true;
}

/** The request is not allowed by policy (egress guard, robots.txt); retrying changes nothing. */
export class PolicyDeniedError extends ForageError {
  override readonly name: string = 'PolicyDeniedError';
  readonly code = 'egress_denied';
  readonly retryable = false;
}

/** A stream or consumer the service needs was never provisioned (`forage bus init` / `forage up` does it). */
export class NotProvisionedError extends ForageError {
  override readonly name: string = 'NotProvisionedError';
  readonly code = 'unavailable';
  readonly retryable = false;

  constructor(message: string, options?: { cause?: unknown }) {
    super(`${message}: provision the bus with the admin identity first (forage bus init)`, options);
  }
}

export class InternalError extends ForageError {
  override readonly name: string = 'InternalError';
  readonly code = 'internal';
  readonly retryable = false;
}

/** A typed error reply received from another service, rethrown on the caller's side. */
export class RemoteError extends ForageError {
  override readonly name: string = 'RemoteError';
  readonly code: ErrorCode;
  readonly retryable: boolean;

  constructor(
    readonly subject: string,
    reply: ErrorReply,
  ) {
    super(`${subject}: ${reply.error.code}: ${reply.error.message}`, { issues: reply.error.issues });
    this.code = reply.error.code;
    this.retryable = reply.error.retryable;
  }
}

/** Maps anything thrown by a handler to the typed error reply; unknown errors become `internal`. */
export function toErrorReply(err: unknown): ErrorReply {
  if (err instanceof ForageError) return err.toReply();
  return new InternalError(err instanceof Error ? err.message : 'unknown error').toReply();
}
