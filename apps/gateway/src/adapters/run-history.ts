import { Inject, Injectable } from '@nestjs/common';
import {
  claimRun,
  getRunHistory,
  listRuns,
  type CommandRequestInput,
  type RunDetail,
  type RunsPage,
} from '@forage/contracts';
import { Bus } from '@forage/messaging';
import type { Caller } from '../http/caller.js';

/** How long the gateway waits for the history (logging) before answering 503. */
const HISTORY_TIMEOUT_MS = 5_000;

/** The runs history kept by logging, over runs.list.v1 / runs.get.v1 / runs.claim.v1. */
@Injectable()
export class RunHistory {
  constructor(@Inject(Bus) private readonly bus: Bus) {}

  /** A page of the runs the caller may see. */
  list(caller: Caller, filter: CommandRequestInput<typeof listRuns>): Promise<RunsPage> {
    return this.bus.request(
      listRuns,
      { ...filter, ...(caller.keyId ? { owner: caller.keyId } : {}) },
      { timeoutMs: HISTORY_TIMEOUT_MS },
    );
  }

  async get(runId: string): Promise<RunDetail | null> {
    return (await this.bus.request(getRunHistory, { runId }, { timeoutMs: HISTORY_TIMEOUT_MS })).run;
  }

  /** Whether the caller may see the run: every run without keys, its own runs with one. */
  async visible(caller: Caller, runId: string): Promise<boolean> {
    if (!caller.keyId) return true;
    const page = await this.list(caller, { runIds: [runId], limit: 1 });
    return page.runs.length > 0;
  }

  async claim(input: { runId: string; owner: string; question: string }): Promise<void> {
    const reply = await this.bus.request(claimRun, input, { timeoutMs: HISTORY_TIMEOUT_MS });
    if (reply.owner !== input.owner) throw new Error(`run ${input.runId} belongs to another key`);
  }
}
