import type { IncomingMessage } from 'node:http';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import {
  actBodySchema,
  observeQuerySchema,
  openSessionBodySchema,
  type ActResponse,
  type CloseSessionResponse,
  type Observation,
  type SessionView,
} from '@forage/contracts';
import { issuesOf } from '@forage/messaging';
import { AgentSessions } from '../adapters/agent-sessions.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { callerOf } from './caller.js';
import { invalidRequest } from './http-errors.js';
import { relay } from './relay.js';

/**
 * `/v1/sessions`: a browser session an agent drives, one command (or a list) at a time, each
 * with its before/after evidence. A session belongs to the API key that opened it: another key
 * gets 404. Bounds per key and overall answer 429 (`limit_reached`).
 */
@Controller('v1/sessions')
@UseInterceptors(HttpMetricsInterceptor)
export class SessionsController {
  constructor(@Inject(AgentSessions) private readonly sessions: AgentSessions) {}

  @Post()
  @HttpCode(201)
  async open(@Body() body: unknown, @Req() req: IncomingMessage): Promise<SessionView> {
    const parsed = openSessionBodySchema.strict().safeParse(body ?? {});
    if (!parsed.success)
      throw invalidRequest(
        `body does not match OpenSessionBody: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')}`,
        issuesOf(parsed.error),
      );
    return relay(() => this.sessions.open(callerOf(req).keyId, parsed.data));
  }

  @Get(':id/observe')
  async observe(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: IncomingMessage,
  ): Promise<Observation> {
    const parsed = observeQuerySchema.strict().safeParse(query);
    if (!parsed.success) throw invalidRequest('query does not match ObserveQuery', issuesOf(parsed.error));
    return relay(() => this.sessions.observe(callerOf(req).keyId, id, parsed.data));
  }

  @Post(':id/act')
  @HttpCode(200)
  async act(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() req: IncomingMessage,
  ): Promise<ActResponse> {
    const parsed = actBodySchema.safeParse(body);
    if (!parsed.success) throw invalidRequest('body does not match ActBody', issuesOf(parsed.error));
    return relay(() => this.sessions.act(callerOf(req).keyId, id, parsed.data));
  }

  @Delete(':id')
  async close(@Param('id') id: string, @Req() req: IncomingMessage): Promise<CloseSessionResponse> {
    const closed = await relay(() => this.sessions.close(callerOf(req).keyId, id));
    return { ...closed, closed: true };
  }
}
