import { profileOwnerOf, type CreateRunBody } from '@forage/contracts';
import type { RunStartEvent } from './run-board.js';

/**
 * The run.start event of a request (POST /v1/runs and MCP's `ask` alike): the caller's options
 * over the gateway's defaults, and its thread — the one asked to continue, else a new thread
 * whose id is the run's own. A browser profile asked for is the caller's own: its owner is the API
 * key that asked (`keyId`, null on a gateway that needs no keys), never something the body says.
 */
export function runStartOf(input: {
  runId: string;
  body: CreateRunBody;
  keyId: string | null;
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
    ...(body.profile ? { profile: { owner: profileOwnerOf(input.keyId), name: body.profile } } : {}),
  };
}
