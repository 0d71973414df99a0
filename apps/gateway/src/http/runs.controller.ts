import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  ServiceUnavailableException,
  UseInterceptors,
} from '@nestjs/common';
import { createRunBodySchema, runStart, type CreateRunResponse, type ErrorReply } from '@forage/contracts';
import { Bus, issuesOf } from '@forage/messaging';
import { RunBoard, type RunEvent, type RunView } from '../core/run-board.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import type { GatewayConfig } from '../config.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';

const runIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

@Controller('v1/runs')
@UseInterceptors(HttpMetricsInterceptor)
export class RunsController {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Starts a run: the request is stored durably before 202 is returned. */
  @Post()
  @HttpCode(202)
  async create(@Body() body: unknown): Promise<CreateRunResponse> {
    const parsed = createRunBodySchema.safeParse(body);
    if (!parsed.success) {
      throw new BadRequestException(
        errorBody({
          code: 'invalid_request',
          message: 'body does not match CreateRunBody',
          issues: issuesOf(parsed.error),
        }),
      );
    }
    const runId = randomUUID();
    const event = {
      runId,
      question: parsed.data.question,
      requestedAt: new Date().toISOString(),
      options: { maxPages: parsed.data.options?.maxPages ?? this.config.GATEWAY_DEFAULT_MAX_PAGES },
      ...(parsed.data.urls ? { urls: parsed.data.urls } : {}),
    };
    this.board.started(event);
    try {
      await this.bus.publishDurable(runStart, event, { msgId: runId });
    } catch (err) {
      throw new ServiceUnavailableException(
        errorBody({
          code: 'unavailable',
          message: err instanceof Error ? err.message : 'could not queue the run',
        }),
      );
    }
    return { runId, statusUrl: `/v1/runs/${runId}`, eventsUrl: `/v1/runs/${runId}/events` };
  }

  @Get(':id')
  get(@Param('id') id: string): RunView {
    return this.find(id);
  }

  /** Server-sent events: every step so far, then live ones, ending with `completed`. */
  @Get(':id/events')
  events(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): void {
    this.find(id);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': forage run events\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    // a run that never completes must not hold the stream (and the client) forever
    const limit = setTimeout(() => {
      close();
    }, this.config.GATEWAY_EVENTS_MAX_MS);
    const send = (event: RunEvent): void => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      if (event.type === 'completed') close();
    };
    let unsubscribe = (): void => undefined;
    const close = (): void => {
      clearInterval(heartbeat);
      clearTimeout(limit);
      unsubscribe();
      res.end();
    };
    unsubscribe = this.board.follow(id, send);
    req.on('close', close);
  }

  private find(id: string): RunView {
    const view = runIdPattern.test(id) ? this.board.get(id) : undefined;
    if (!view) throw new NotFoundException(errorBody({ code: 'not_found', message: `no run ${id}` }));
    return view;
  }
}

function errorBody(error: Omit<ErrorReply['error'], 'retryable'>): ErrorReply {
  return { error: { ...error, retryable: error.code === 'unavailable' } };
}
