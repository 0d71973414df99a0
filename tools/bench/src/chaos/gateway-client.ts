/**
 * Starts runs through the gateway's HTTP API as a user would. A refused or unreachable gateway
 * (restarting, NATS down, rate limit) is retried until the deadline; only a 202 counts as started.
 */
import { createRunResponseSchema } from '@forage/contracts';

export class RunNotStartedError extends Error {
  override readonly name = 'RunNotStartedError';
}

export interface StartedRun {
  readonly runId: string;
  /** Attempts until the gateway accepted (1 = first try). */
  readonly attempts: number;
}

/** Tries the gateways in turn (from `first`): a replica that is down is skipped on the next attempt. */
export async function startRun(input: {
  gatewayUrls: readonly string[];
  first?: number;
  question: string;
  urls?: readonly string[];
  maxPages?: number;
  deadlineMs: number;
  apiKey?: string;
}): Promise<StartedRun> {
  const deadline = Date.now() + input.deadlineMs;
  const body = JSON.stringify({
    question: input.question,
    ...(input.urls ? { urls: input.urls } : {}),
    options: { maxPages: input.maxPages ?? 3 },
  });
  let attempts = 0;
  let last = '';
  while (Date.now() < deadline) {
    const gatewayUrl = input.gatewayUrls[((input.first ?? 0) + attempts) % input.gatewayUrls.length];
    attempts++;
    try {
      const res = await fetch(`${gatewayUrl ?? ''}/v1/runs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (res.status === 202)
        return { runId: createRunResponseSchema.parse(JSON.parse(text)).runId, attempts };
      last = `${String(res.status)} ${text.slice(0, 200)}`;
      // 4xx other than 429 is the harness's own mistake: do not hammer
      if (res.status >= 400 && res.status < 500 && res.status !== 429) break;
      const retryAfter = Number(res.headers.get('retry-after'));
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1_000);
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
      await sleep(1_000);
    }
  }
  throw new RunNotStartedError(`gateway did not accept the run after ${String(attempts)} attempts: ${last}`);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
