import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Param, Req, Res, UseInterceptors } from '@nestjs/common';
import { RunBoard, type RunEvent } from '../core/run-board.js';
import { eventIdOf, isAfter } from '../core/event-resume.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import type { GatewayConfig } from '../config.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { RunAccess } from './run-access.js';

@Controller('v1/runs')
@UseInterceptors(HttpMetricsInterceptor)
export class RunEventsController {
  constructor(
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(RunAccess) private readonly access: RunAccess,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Server-sent events: every step so far, then live ones, ending with `completed`. Each event has
   * an id, so a reconnecting client (Last-Event-ID) gets only what it has not seen.
   */
  @Get(':id/events')
  async events(
    @Param('id') id: string,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const view = await this.access.find(id, req);
    const header = req.headers['last-event-id'];
    const lastEventId = Array.isArray(header) ? header[0] : header;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': forage run events\n\n');
    const send = (event: RunEvent): void => {
      if (!isAfter(event, lastEventId)) return;
      res.write(`id: ${eventIdOf(event)}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      if (event.type === 'completed') close();
    };
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    // a run that never completes must not hold the stream (and the client) forever
    const limit = setTimeout(() => {
      close();
    }, this.config.GATEWAY_EVENTS_MAX_MS);
    let unsubscribe = (): void => undefined;
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(limit);
      unsubscribe();
      res.end();
    };
    req.on('close', close);
    if (this.board.get(id)) {
      unsubscribe = this.board.follow(id, send);
    } else if (view.result) {
      // a run only the history still knows: its completion is all there is to send
      send({ type: 'completed', data: view.result, ...(view.gate ? { gate: view.gate } : {}) });
    } else {
      close();
    }
  }
}
