import type { IncomingMessage } from 'node:http';
import { Controller, Get, Inject, Param, Req, UseInterceptors } from '@nestjs/common';
import { queryLogs, type CommandReply } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { RunAccess } from './run-access.js';
import { messageOf, unavailable } from './http-errors.js';

@Controller('v1/runs')
@UseInterceptors(HttpMetricsInterceptor)
export class RunLogController {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunAccess) private readonly access: RunAccess,
  ) {}

  /** The run's log records in chain order (seq, prev_hash, hash) with the verdict on the chain. */
  @Get(':id/log')
  async log(@Param('id') id: string, @Req() req: IncomingMessage): Promise<CommandReply<typeof queryLogs>> {
    await this.access.find(id, req);
    try {
      return await this.bus.request(queryLogs, { runId: id, limit: 1000 }, { timeoutMs: 10_000 });
    } catch (err) {
      throw unavailable(`the log did not answer: ${messageOf(err)}`);
    }
  }
}
