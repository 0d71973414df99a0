import { createRunResponseSchema, runCompleted, type EventPayload } from '@forage/contracts';

export type RunCompletion = EventPayload<typeof runCompleted>;

/** POST /v1/runs, then read the server-sent events to the end; returns every event in order. */
export async function askOverHttp(
  gatewayUrl: string,
  question: string,
  options: {
    urls?: readonly string[];
    threadId?: string;
    /** A browser profile of the caller's key for the run to act from. */
    profile?: string;
    /** Sent as Authorization: Bearer (a gateway that requires API keys). */
    apiKey?: string;
  } = {},
): Promise<{
  runId: string;
  threadId: string | undefined;
  events: { event: string; data: unknown }[];
  completed: RunCompletion;
}> {
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const res = await fetch(`${gatewayUrl}/v1/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({
      question,
      ...(options.urls ? { urls: options.urls } : {}),
      ...(options.threadId ? { threadId: options.threadId } : {}),
      ...(options.profile ? { profile: options.profile } : {}),
    }),
  });
  if (res.status !== 202) throw new Error(`POST /v1/runs answered ${res.status}: ${await res.text()}`);
  const created = createRunResponseSchema.parse(await res.json());
  const stream = await fetch(`${gatewayUrl}${created.eventsUrl}`, { headers: auth });
  const text = await stream.text(); // the gateway ends the stream after `completed`
  const events = text
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) as unknown } : undefined;
    })
    .filter((e): e is { event: string; data: unknown } => e !== undefined);
  const last = events.at(-1);
  if (last?.event !== 'completed') throw new Error(`run ${created.runId} stream ended without completion`);
  return {
    runId: created.runId,
    threadId: created.threadId,
    events,
    completed: runCompleted.payload.parse(last.data),
  };
}
