import { randomUUID } from 'node:crypto';
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
  createRunBodySchema,
  runCancel,
  runInput,
  runInputBodySchema,
  runsListFilterSchema,
  runStart,
  type CreateRunResponse,
  type RunsPage,
} from '@forage/contracts';
import { Bus, issuesOf } from '@forage/messaging';
import { RunBoard, type RunView } from '../core/run-board.js';
import { runStartOf } from '../core/run-request.js';
import { RunHistory } from '../adapters/run-history.js';
import { RunAccess } from './run-access.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import type { GatewayConfig } from '../config.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { callerOf } from './caller.js';
import { conflict, invalidRequest, messageOf, unavailable } from './http-errors.js';

@Controller('v1/runs')
@UseInterceptors(HttpMetricsInterceptor)
export class RunsController {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(RunHistory) private readonly history: RunHistory,
    @Inject(RunAccess) private readonly access: RunAccess,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Starts a run: the request is stored durably before 202 is returned. */
  @Post()
  @HttpCode(202)
  async create(@Body() body: unknown, @Req() req: IncomingMessage): Promise<CreateRunResponse> {
    const parsed = createRunBodySchema.safeParse(body);
    if (!parsed.success) {
      throw invalidRequest('body does not match CreateRunBody', issuesOf(parsed.error));
    }
    const runId = randomUUID();
    const caller = callerOf(req);
    const event = runStartOf({
      runId,
      body: parsed.data,
      keyId: caller.keyId,
      defaultMaxPages: this.config.GATEWAY_DEFAULT_MAX_PAGES,
      now: new Date(),
    });
    // a thread is continued only by a caller who may see the run that started it
    if (parsed.data.threadId) await this.access.find(parsed.data.threadId, req);
    try {
      // the owner is in the history before the run exists, so its key can always see it
      if (caller.keyId) await this.history.claim({ runId, owner: caller.keyId, question: event.question });
      this.board.started(event);
      await this.bus.publishDurable(runStart, event, { msgId: runId });
    } catch (err) {
      throw unavailable(`could not queue the run: ${messageOf(err)}`);
    }
    return {
      runId,
      threadId: event.threadId,
      statusUrl: `/v1/runs/${runId}`,
      eventsUrl: `/v1/runs/${runId}/events`,
    };
  }

  /** Past runs from the history (the database), newest first; with API keys, the caller's own. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() req: IncomingMessage): Promise<RunsPage> {
    const parsed = runsListFilterSchema.strict().safeParse(query);
    if (!parsed.success) throw invalidRequest('query does not match RunsListFilter', issuesOf(parsed.error));
    try {
      return await this.history.list(callerOf(req), parsed.data);
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'invalid_request')
        throw invalidRequest(err.message);
      throw unavailable(`the runs history did not answer: ${messageOf(err)}`);
    }
  }

  @Get(':id')
  get(@Param('id') id: string, @Req() req: IncomingMessage): Promise<RunView> {
    return this.access.find(id, req);
  }

  /** Answers the questions of a run waiting in needs_input (the orchestrator takes them or refuses). */
  @Post(':id/input')
  @HttpCode(202)
  async input(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() req: IncomingMessage,
  ): Promise<{ runId: string; accepted: true; detail: string }> {
    const parsed = runInputBodySchema.safeParse(body);
    if (!parsed.success) throw invalidRequest('body does not match RunInputBody', issuesOf(parsed.error));
    const view = await this.access.find(id, req);
    // the board follows the run's events and may not yet have seen it ask: only a finished run is
    // refused here, the orchestrator's ledger says whether a live one is waiting
    if (view.status === 'completed') throw conflict(`run ${id} is completed, not waiting for input`);
    let reply;
    try {
      reply = await this.bus.request(runInput, { runId: id, ...parsed.data }, { timeoutMs: 10_000 });
    } catch (err) {
      throw unavailable(`the orchestrator did not take the answers: ${messageOf(err)}`);
    }
    if (!reply.accepted) throw conflict(reply.detail);
    return { runId: id, accepted: true, detail: reply.detail };
  }

  /** Cancels a run: the orchestrator running it stops and completes it as failed. */
  @Delete(':id')
  @HttpCode(202)
  async cancel(
    @Param('id') id: string,
    @Req() req: IncomingMessage,
  ): Promise<{ runId: string; status: 'cancelling' }> {
    const view = await this.access.find(id, req);
    if (view.status === 'completed') throw conflict(`run ${id} has already completed`);
    // core NATS, to every orchestrator replica: the one running the run stops it
    this.bus.publish(runCancel, {
      runId: id,
      requestedAt: new Date().toISOString(),
      reason: 'cancelled by the user',
    });
    return { runId: id, status: 'cancelling' };
  }
}
