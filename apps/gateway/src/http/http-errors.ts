import { HttpException } from '@nestjs/common';
import type { ErrorIssue, ErrorReply } from '@forage/contracts';

type Code = ErrorReply['error']['code'];

/** An HttpException whose body is the typed error reply (the JSON errors filter sends it as is). */
export function httpError(input: {
  status: number;
  code: Code;
  message: string;
  issues?: ErrorIssue[];
}): HttpException {
  const body: ErrorReply = {
    error: {
      code: input.code,
      message: input.message,
      retryable: input.status === 429 || input.status >= 500,
      ...(input.issues ? { issues: input.issues } : {}),
    },
  };
  return new HttpException(body, input.status);
}

export const notFound = (message: string): HttpException =>
  httpError({ status: 404, code: 'not_found', message });

export const unavailable = (message: string): HttpException =>
  httpError({ status: 503, code: 'unavailable', message });

export const invalidRequest = (message: string, issues?: ErrorIssue[]): HttpException =>
  httpError({ status: 400, code: 'invalid_request', message, ...(issues ? { issues } : {}) });

export const conflict = (message: string): HttpException =>
  httpError({ status: 409, code: 'conflict', message });

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
