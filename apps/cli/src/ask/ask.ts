import { createRunResponseSchema, runCompleted, runStep, type EventPayload } from '@forage/contracts';
import { renderCompletion, renderStep } from './render.js';
import { SseParser } from './sse.js';

export class AskError extends Error {
  override readonly name = 'AskError';
}

export type RunCompletion = EventPayload<typeof runCompleted>;

/** Starts a run through the gateway and streams its progress to `print` until it completes. */
export async function ask(input: {
  gatewayUrl: string;
  question: string;
  maxPages?: number;
  print: (line: string) => void;
}): Promise<RunCompletion> {
  let res: Response;
  try {
    res = await fetch(`${input.gatewayUrl}/v1/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        question: input.question,
        ...(input.maxPages ? { options: { maxPages: input.maxPages } } : {}),
      }),
    });
  } catch (err) {
    throw new AskError(`cannot reach the gateway at ${input.gatewayUrl}; is \`forage up\` running?`, {
      cause: err,
    });
  }
  const body: unknown = await res.json();
  if (!res.ok) throw new AskError(`gateway refused the question (${res.status}): ${JSON.stringify(body)}`);
  const created = createRunResponseSchema.parse(body);
  input.print(`run ${created.runId}`);
  const events = await fetch(`${input.gatewayUrl}${created.eventsUrl}`);
  if (!events.ok || !events.body) throw new AskError(`could not follow run events (${events.status})`);
  const parser = new SseParser();
  const decoder = new TextDecoder();
  for await (const chunk of events.body) {
    for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
      if (event.event === 'step') {
        const line = renderStep(runStep.payload.parse(JSON.parse(event.data)));
        if (line) input.print(line);
      } else if (event.event === 'completed') {
        const done = runCompleted.payload.parse(JSON.parse(event.data));
        input.print(renderCompletion(done));
        return done;
      }
    }
  }
  throw new AskError('the event stream ended before the run completed');
}
