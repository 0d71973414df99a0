import type { CreateRunBody } from '@forage/contracts';
import type { RunStartEvent } from './run-board.js';

/**
 * The run.start event of a request (POST /v1/runs and MCP's `ask` alike): the caller's options
 * over the gateway's defaults, and its thread — the one asked to continue, else a new thread
 * whose id is the run's own.
 */
export function runStartOf(input: {
  runId: string;
  body: CreateRunBody;
  defaultMaxPages: number;
  now: Date;
}): RunStartEvent & { threadId: string } {
  const { body } = input;
  return {
    runId: input.runId,
    question: body.question,
    requestedAt: input.now.toISOString(),
    options: { maxPages: body.options?.maxPages ?? input.defaultMaxPages },
    ...(body.urls ? { urls: body.urls } : {}),
    threadId: body.threadId ?? input.runId,
  };
}
