import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import {
  createCrawlBodySchema,
  type CancelCrawlResponse,
  type CrawlView,
  type CreateCrawlResponse,
} from '@forage/contracts';
import { issuesOf } from '@forage/messaging';
import { SiteCrawls } from '../adapters/site-crawls.js';
import { crawlStateOf, isFinal } from '../core/crawl-board.js';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { callerOf } from './caller.js';
import { conflict, invalidRequest } from './http-errors.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { relay } from './relay.js';

/**
 * `/v1/crawls`: a site crawled into Markdown by the same loop as `forage crawl`, pages rendered by
 * dom-extraction. A crawl belongs to the API key that started it: another key gets 404. Bounds
 * per key and overall answer 429 (`limit_reached`).
 */
@Controller('v1/crawls')
@UseInterceptors(HttpMetricsInterceptor)
export class CrawlsController {
  constructor(
    @Inject(SiteCrawls) private readonly crawls: SiteCrawls,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @HttpCode(202)
  async start(@Body() body: unknown, @Req() req: IncomingMessage): Promise<CreateCrawlResponse> {
    const parsed = createCrawlBodySchema.safeParse(body);
    if (!parsed.success) throw invalidRequest('body does not match CreateCrawlBody', issuesOf(parsed.error));
    return relay(() => this.crawls.start(callerOf(req).keyId, parsed.data));
  }

  @Get(':id')
  async view(@Param('id') id: string, @Req() req: IncomingMessage): Promise<CrawlView> {
    return relay(() => this.crawls.view(callerOf(req).keyId, id));
  }

  /** Page `n`'s Markdown (text/markdown); a page listed as blocked or failed has none (409, with why). */
  @Get(':id/pages/:n')
  async page(
    @Param('id') id: string,
    @Param('n') n: string,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const number = pageNumber(n);
    const { page, markdown } = await relay(() => this.crawls.page(callerOf(req).keyId, id, number));
    if (markdown === undefined)
      throw conflict(
        `page ${n} (${page.url}) was not written: ${page.status}${page.reason ? `: ${page.reason}` : ''}`,
      );
    res.writeHead(200, {
      'content-type': 'text/markdown; charset=utf-8',
      'x-forage-page-url': encodeURI(page.url),
    });
    res.end(markdown);
  }

  /** Page `n`'s schema extraction (the crawl was given a schema): every field's value, Source and status. */
  @Get(':id/pages/:n/extraction')
  async extraction(
    @Param('id') id: string,
    @Param('n') n: string,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const number = pageNumber(n);
    const { page, json } = await relay(() => this.crawls.extraction(callerOf(req).keyId, id, number));
    if (json === undefined)
      throw conflict(
        `page ${n} (${page.url}) has no extraction: ${
          page.status !== 'ok'
            ? `it was not written (${page.status}${page.reason ? `: ${page.reason}` : ''})`
            : (page.extraction?.error ?? 'the crawl was given no schema')
        }`,
      );
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(json);
  }

  /**
   * Server-sent events: `progress` (CrawlView without its pages) on every change of the crawl's
   * state, `page` (a CrawlPageEntry) for every page finished, then `end` with the final
   * state. On connecting, what happened so far is sent first.
   */
  @Get(':id/events')
  async events(
    @Param('id') id: string,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    // changed by the callbacks below
    const stream = { closed: false, stop: (): void => undefined };
    const timers: { heartbeat?: NodeJS.Timeout; limit?: NodeJS.Timeout } = {};
    const open = (): void => {
      if (res.headersSent) return;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': forage crawl events\n\n');
    };
    const close = (): void => {
      if (stream.closed) return;
      stream.closed = true;
      clearInterval(timers.heartbeat);
      clearTimeout(timers.limit);
      stream.stop();
      res.end();
    };
    const send = (event: string, data: unknown): void => {
      if (stream.closed) return;
      open();
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // an unknown crawl (or another key's) throws here, before the stream opens: a plain 404
    stream.stop = await relay(() =>
      this.crawls.follow(callerOf(req).keyId, id, (change) => {
        if (change.kind === 'page') {
          send('page', { n: change.n, ...change.page });
          return;
        }
        const progress = crawlStateOf(change.record);
        send('progress', progress);
        if (isFinal(change.record.status)) {
          send('end', progress);
          close();
        }
      }),
    );
    if (stream.closed) {
      stream.stop();
      return;
    }
    open();
    timers.heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    // a crawl that never ends must not hold the stream (and the client) forever
    timers.limit = setTimeout(close, this.config.GATEWAY_EVENTS_MAX_MS);
    req.on('close', close);
  }

  @Delete(':id')
  async cancel(@Param('id') id: string, @Req() req: IncomingMessage): Promise<CancelCrawlResponse> {
    return relay(() => this.crawls.cancel(callerOf(req).keyId, id));
  }
}

/** A page's number in a crawl, from the path (a whole number, else 400). */
function pageNumber(n: string): number {
  if (!/^\d{1,7}$/.test(n)) throw invalidRequest(`page number must be a whole number, got "${n}"`);
  return Number(n);
}
