import {
  createRunResponseSchema,
  type CreateRunResponse,
  runCompleted,
  runNeedsInput,
  runStep,
  type EventPayload,
} from '@forage/contracts';
import { terminalAnswerer, type Answerer } from './prompt.js';
import { renderCompletion, renderStep } from './render.js';
import { SseParser } from './sse.js';

export class AskError extends Error {
  override readonly name = 'AskError';
}

export type RunCompletion = EventPayload<typeof runCompleted>;

/** Longest wait for the whole run, and for any byte of the event stream (the gateway sends a keep-alive every 15 s). */
export const ASK_DEADLINE_MS = 600_000;
export const ASK_IDLE_MS = 45_000;

/**
 * Starts a run through the gateway and streams its progress to `print` until it completes.
 * Never waits forever: past the deadline, or when the stream goes silent, it throws AskError.
 */
export async function ask(input: {
  gatewayUrl: string;
  question: string;
  maxPages?: number;
  /** Pages the run reads as well as (or instead of) searching (`forage ask --url`). */
  urls?: readonly string[];
  print: (line: string) => void;
  deadlineMs?: number;
  idleMs?: number;
  /** Sent as Authorization: Bearer (a gateway beyond loopback requires one); default FORAGE_API_KEY. */
  apiKey?: string;
  /** Answers the run's follow-up questions (needs_input); default: prompts on the terminal. */
  answer?: Answerer;
  /** The conversation the question continues (`forage ask --thread`). */
  threadId?: string;
  /** The browser profile (of the API key) the run's browser starts from (`forage ask --profile`). */
  profile?: string;
  /** Told once the gateway accepted the run (its id and thread). */
  onCreated?: (created: CreateRunResponse) => void;
}): Promise<RunCompletion> {
  const apiKey = input.apiKey ?? process.env['FORAGE_API_KEY'];
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const deadlineMs = input.deadlineMs ?? ASK_DEADLINE_MS;
  const idleMs = input.idleMs ?? ASK_IDLE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  let res: Response;
  try {
    res = await fetch(`${input.gatewayUrl}/v1/runs`, {
      signal: AbortSignal.any([deadline, AbortSignal.timeout(Math.min(idleMs, deadlineMs))]),
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({
        question: input.question,
        ...(input.maxPages ? { options: { maxPages: input.maxPages } } : {}),
        ...(input.urls && input.urls.length > 0 ? { urls: input.urls } : {}),
        ...(input.threadId ? { threadId: input.threadId } : {}),
        ...(input.profile ? { profile: input.profile } : {}),
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
  input.print(`run ${created.runId}${created.threadId ? ` (thread ${created.threadId})` : ''}`);
  input.onCreated?.(created);
  const idle = new AbortController();
  let idleTimer = setTimeout(() => {
    idle.abort();
  }, idleMs);
  const signal = AbortSignal.any([deadline, idle.signal]);
  try {
    return await followEvents({
      url: `${input.gatewayUrl}${created.eventsUrl}`,
      headers: auth,
      signal,
      print: input.print,
      onNeedsInput: async (asked) => {
        // the user's time to answer is not the stream's silence
        clearTimeout(idleTimer);
        input.print(`the run needs input: ${asked.reason}${asked.url ? ` (${asked.url})` : ''}`);
        const answers = (await (input.answer ?? terminalAnswerer())(asked)) ?? [];
        await sendInput({
          url: `${input.gatewayUrl}/v1/runs/${created.runId}/input`,
          headers: auth,
          answers,
        });
        input.print(
          answers.length > 0
            ? `sent ${String(answers.length)} answer(s); the run goes on`
            : 'no answers given; the run goes on without them',
        );
      },
      onBytes: () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          idle.abort();
        }, idleMs);
      },
    });
  } catch (err) {
    if (deadline.aborted)
      throw new AskError(`run ${created.runId} did not complete within ${deadlineMs / 1000} s`, {
        cause: err,
      });
    if (idle.signal.aborted)
      throw new AskError(
        `the gateway sent nothing for ${idleMs / 1000} s while following run ${created.runId}`,
        { cause: err },
      );
    throw err;
  } finally {
    clearTimeout(idleTimer);
  }
}

/** POST /v1/runs/:id/input; a refusal (the run no longer waits) is an AskError. */
async function sendInput(input: {
  url: string;
  headers: Record<string, string>;
  answers: readonly { key: string; value: string }[];
}): Promise<void> {
  const res = await fetch(input.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...input.headers },
    body: JSON.stringify({ answers: input.answers, remember: true }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok)
    throw new AskError(`the gateway refused the answers (${String(res.status)}): ${await res.text()}`);
}

async function followEvents(input: {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  print: (line: string) => void;
  onBytes: () => void;
  onNeedsInput: (asked: EventPayload<typeof runNeedsInput>) => Promise<void>;
}): Promise<RunCompletion> {
  const events = await fetch(input.url, { headers: input.headers, signal: input.signal });
  if (!events.ok || !events.body) throw new AskError(`could not follow run events (${events.status})`);
  const parser = new SseParser();
  const decoder = new TextDecoder();
  for await (const chunk of events.body) {
    input.onBytes();
    for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
      if (event.event === 'step') {
        const line = renderStep(runStep.payload.parse(JSON.parse(event.data)));
        if (line) input.print(line);
      } else if (event.event === 'needs_input') {
        await input.onNeedsInput(runNeedsInput.payload.parse(JSON.parse(event.data)));
        input.onBytes();
      } else if (event.event === 'completed') {
        const done = runCompleted.payload.parse(JSON.parse(event.data));
        input.print(renderCompletion(done));
        return done;
      }
    }
  }
  throw new AskError('the event stream ended before the run completed');
}
