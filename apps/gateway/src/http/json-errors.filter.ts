import type { ServerResponse } from 'node:http';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { isErrorReply } from '@forage/contracts';
import type { Logger } from '@forage/observability';
import { sendError, type HttpErrorCode } from './error-response.js';

/** Every error a route (or Nest's router) raises leaves as the typed error reply, never Nest's own shape. */
@Catch()
export class JsonErrorsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<ServerResponse>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (isErrorReply(body)) {
        sendError(res, { status, ...body.error });
        return;
      }
      sendError(res, { status, code: codeFor(status), message: exception.message });
      return;
    }
    this.logger.error({ err: exception }, 'unhandled error in an HTTP route');
    sendError(res, { status: 500, code: 'internal', message: 'internal error' });
  }
}

function codeFor(status: number): HttpErrorCode {
  if (status === 404) return 'not_found';
  if (status === 429 || status === 503) return 'unavailable';
  return status < 500 ? 'invalid_request' : 'internal';
}
