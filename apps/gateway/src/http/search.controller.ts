import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpException,
  Inject,
  Post,
  UseInterceptors,
} from '@nestjs/common';
import { searchBodySchema, type ErrorReply, type SearchResponse } from '@forage/contracts';
import { issuesOf } from '@forage/messaging';
import { ForageToolError } from '@forage/mcp';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { BusForagePort, httpStatusOf } from './mcp-bus-port.js';

/** `POST /v1/search`: one query through search.query.v1, outside any run (scripts, `forage mcp`). */
@Controller('v1/search')
@UseInterceptors(HttpMetricsInterceptor)
export class SearchController {
  constructor(@Inject(BusForagePort) private readonly port: BusForagePort) {}

  @Post()
  @HttpCode(200)
  async search(@Body() body: unknown): Promise<SearchResponse> {
    const parsed = searchBodySchema.safeParse(body);
    if (!parsed.success)
      throw new BadRequestException(
        typedError('invalid_request', 'body does not match SearchBody', issuesOf(parsed.error)),
      );
    try {
      return await this.port.search(parsed.data);
    } catch (err) {
      throw asHttpException(err);
    }
  }
}

/** The typed error body. */
export function typedError(
  code: string,
  message: string,
  issues?: ErrorReply['error']['issues'],
): ErrorReply {
  return {
    error: {
      code: code as ErrorReply['error']['code'],
      message,
      retryable: code === 'unavailable' || code === 'timeout',
      ...(issues ? { issues } : {}),
    },
  };
}

/** A port failure as the HTTP error the filter writes in the typed shape. */
export function asHttpException(err: unknown): HttpException {
  if (err instanceof ForageToolError)
    return new HttpException(typedError(err.code, err.message), httpStatusOf(err.code));
  return new HttpException(typedError('internal', 'internal error'), 500);
}
