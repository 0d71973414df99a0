import { Controller, Inject } from '@nestjs/common';
import {
  claimRun,
  getRunHistory,
  listRuns,
  runCompleted,
  runNeedsInput,
  runStart,
  runStep,
  type CommandReply,
  type CommandRequest,
  type EventPayload,
} from '@forage/contracts';
import { durableConsumers, HandleCommand, HandleEvent } from '@forage/messaging';
import { RunHistoryStore } from './run-history-store.js';

/** Durable consumers of the run lifecycle (one each), and the history's queries. */
@Controller()
export class RunHistoryHandler {
  constructor(@Inject(RunHistoryStore) private readonly store: RunHistoryStore) {}

  @HandleEvent(runStart, { durable: durableConsumers.loggingRunHistory })
  async started(event: EventPayload<typeof runStart>): Promise<void> {
    await this.store.started(event);
  }

  @HandleEvent(runStep, {
    durable: { ...durableConsumers.loggingRunSteps, concurrency: 16 },
  })
  async stepped(event: EventPayload<typeof runStep>): Promise<void> {
    await this.store.stepped(event);
  }

  @HandleEvent(runNeedsInput, {
    durable: durableConsumers.loggingRunInput,
  })
  async neededInput(event: EventPayload<typeof runNeedsInput>): Promise<void> {
    await this.store.neededInput(event);
  }

  @HandleEvent(runCompleted, {
    durable: durableConsumers.loggingRunCompletions,
  })
  async completed(event: EventPayload<typeof runCompleted>): Promise<void> {
    await this.store.completed(event);
  }

  @HandleCommand(listRuns)
  list(request: CommandRequest<typeof listRuns>): Promise<CommandReply<typeof listRuns>> {
    return this.store.list(request);
  }

  @HandleCommand(getRunHistory)
  async get(request: CommandRequest<typeof getRunHistory>): Promise<CommandReply<typeof getRunHistory>> {
    return { run: await this.store.get(request.runId) };
  }

  @HandleCommand(claimRun)
  async claim(request: CommandRequest<typeof claimRun>): Promise<CommandReply<typeof claimRun>> {
    return { runId: request.runId, owner: await this.store.claim(request) };
  }
}
