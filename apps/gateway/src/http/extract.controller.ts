import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Inject,
  Post,
  UseInterceptors,
} from '@nestjs/common';
import { extractBodySchema, type ExtractResponse } from '@forage/contracts';
import { issuesOf } from '@forage/messaging';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { BusForagePort } from './mcp-bus-port.js';
import { asHttpException, typedError } from './search.controller.js';

/**
 * `POST /v1/extract`: one URL rendered by dom-extraction (egress guard, robots.txt, politeness),
 * its snapshot with the main content. A page the guard refuses is a 200 with `outcome.blocked`;
 * a refused request (egress) is the typed error.
 */
@Controller('v1/extract')
@UseInterceptors(HttpMetricsInterceptor)
export class ExtractController {
  constructor(@Inject(BusForagePort) private readonly port: BusForagePort) {}

  @Post()
  @HttpCode(200)
  async extract(@Body() body: unknown): Promise<ExtractResponse> {
    const parsed = extractBodySchema.safeParse(body);
    if (!parsed.success)
      throw new BadRequestException(
        typedError('invalid_request', 'body does not match ExtractBody', issuesOf(parsed.error)),
      );
    try {
      return await this.port.extract(parsed.data);
    } catch (err) {
      throw asHttpException(err);
    }
  }
}
