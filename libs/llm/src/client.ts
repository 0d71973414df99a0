import OpenAI from 'openai';
import { toJSONSchema, type z } from 'zod';
import { LlmInvalidReplyError, LlmRefusalError, LlmUnavailableError } from './errors.js';
import { answerOf, jsonTextOf, onlyReasoning, type AssistantMessage } from './reply.js';
import { addUsage, costOf, NO_USAGE, type LlmPricing, type LlmUsage, type LlmUsageMeter } from './usage.js';

/** The two messages of one chat completion: the task (system) and the data (user). */
export interface ChatPrompt {
  readonly system: string;
  readonly user: string;
}

export interface LlmClientOptions {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
  /** Retries made by the SDK (429 and 5xx, with its back-off). */
  readonly maxRetries: number;
  readonly pricing?: LlmPricing;
  /** Where usage is accounted per run; calls still return their own usage without it. */
  readonly meter?: LlmUsageMeter;
}

/**
 * How a JSON reply is asked for: `json_schema` (the schema itself, for servers that constrain
 * decoding to it), `json_object`, or `none` (the prompt alone asks for JSON). A server that rejects
 * a response format is asked again without it, and the client remembers not to send it.
 */
export type ResponseFormat = 'json_schema' | 'json_object' | 'none';

export interface CallOptions {
  /** The run the call is made for: its tokens and cost are accounted to it. */
  readonly runId?: string;
  /** Ask for a JSON object (`response_format: json_object`); the default for `json`. */
  readonly jsonMode?: boolean;
  /** For `json`: how JSON is asked for (default `json_object`). */
  readonly responseFormat?: ResponseFormat;
}

/** What a request asks of the server's decoding. */
type WireFormat =
  | { readonly type: 'json_object' }
  | {
      readonly type: 'json_schema';
      readonly json_schema: { name: string; schema: Record<string, unknown>; strict: boolean };
    };

const PLAIN_JSON = 'Reply with one JSON object only: no prose before or after it, no Markdown fence.';

export interface Completion<T> {
  readonly value: T;
  readonly usage: LlmUsage;
}

/**
 * The one LLM client of the project, on any OpenAI-compatible Chat Completions endpoint through
 * the openai SDK: temperature 0, typed errors, usage and cost per call (and per run with a meter).
 */
export class LlmClient {
  private readonly client: OpenAI;
  /** Response formats this server rejected: not sent again. */
  private readonly rejected = new Set<WireFormat['type']>();

  constructor(readonly options: LlmClientOptions) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      // local servers (vLLM, Ollama, llama.cpp) accept any key; the SDK insists on one
      apiKey: options.apiKey ?? 'unused',
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  get model(): string {
    return this.options.model;
  }

  /** The assistant's text. Rejects with LlmUnavailableError or LlmRefusalError. */
  async text(prompt: ChatPrompt, call: CallOptions = {}): Promise<Completion<string>> {
    return this.complete(prompt, call.jsonMode ? { type: 'json_object' } : undefined, call.runId);
  }

  /**
   * One chat completion. A server that rejects the response format (HTTP 400/422 naming it, as
   * LM Studio does for `json_object` and llama.cpp or older vLLM for `json_schema`) is asked again
   * without one, the prompt asking for JSON instead; reasoning and tool-call replies are read by
   * `answerOf`.
   */
  private async complete(
    prompt: ChatPrompt,
    format: WireFormat | undefined,
    runId: string | undefined,
  ): Promise<Completion<string>> {
    const sent = format && !this.rejected.has(format.type) ? format : undefined;
    const system = format && !sent ? `${prompt.system}\n\n${PLAIN_JSON}` : prompt.system;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.options.model,
        temperature: 0,
        ...(sent ? { response_format: sent } : {}),
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: prompt.user },
        ],
      });
    } catch (err) {
      if (sent && rejectsFormat(err)) {
        this.rejected.add(sent.type);
        return this.complete(prompt, format, runId);
      }
      throw new LlmUnavailableError(`chat completion failed: ${describe(err)}`, { cause: err });
    }
    const usage = this.account(completion.usage, runId);
    const choice = completion.choices[0];
    if (choice?.message.refusal) throw new LlmRefusalError(`the model refused: ${choice.message.refusal}`);
    if (choice?.finish_reason === 'content_filter')
      throw new LlmRefusalError('the reply was withheld by a content filter');
    const message = choice?.message as AssistantMessage | undefined;
    const content = answerOf(message);
    if (!content)
      throw new LlmUnavailableError(
        onlyReasoning(message)
          ? `chat completion returned reasoning but no answer (finish reason ${choice?.finish_reason ?? 'none'})`
          : 'chat completion returned no message content',
      );
    return { value: content, usage };
  }

  /**
   * A JSON reply parsed with the schema. A reply that is not JSON or fails the schema is asked
   * for again `retriesOnInvalid` times (default once) with the problem named, then rejects with
   * LlmInvalidReplyError, so the caller can take its heuristic path.
   */
  async json<S extends z.ZodType>(
    prompt: ChatPrompt,
    schema: S,
    call: CallOptions & { readonly retriesOnInvalid?: number } = {},
  ): Promise<Completion<z.output<S>>> {
    const attempts = 1 + (call.retriesOnInvalid ?? 1);
    let usage: LlmUsage = NO_USAGE;
    let current = prompt;
    let lastError: LlmInvalidReplyError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const reply = await this.complete(current, wireFormat(schema, call), call.runId);
      usage = addUsage(usage, reply.usage);
      const parsed = parseJson(reply.value, schema);
      if (parsed.ok) return { value: parsed.value, usage };
      lastError = new LlmInvalidReplyError(parsed.problem, reply.value);
      current = {
        system: prompt.system,
        user: `${prompt.user}\n\nYour previous reply was not accepted (${parsed.problem}). Reply with the JSON object only.`,
      };
    }
    throw lastError ?? new LlmInvalidReplyError('no reply', '');
  }

  private account(raw: OpenAI.Completions.CompletionUsage | undefined, runId: string | undefined): LlmUsage {
    const promptTokens = raw?.prompt_tokens ?? 0;
    const completionTokens = raw?.completion_tokens ?? 0;
    const usage: LlmUsage = {
      calls: 1,
      promptTokens,
      completionTokens,
      costUsd: costOf(promptTokens, completionTokens, this.options.pricing),
    };
    this.options.meter?.record(runId, usage);
    return usage;
  }
}

/** The response format a `json` call asks for. */
function wireFormat(schema: z.ZodType, call: CallOptions): WireFormat | undefined {
  const format = call.responseFormat ?? (call.jsonMode === false ? 'none' : 'json_object');
  if (format === 'none') return undefined;
  if (format === 'json_object') return { type: 'json_object' };
  return {
    type: 'json_schema',
    json_schema: {
      name: 'reply',
      schema: toJSONSchema(schema, { unrepresentable: 'any' }),
      strict: true,
    },
  };
}

/** The server refused the request because of its response format (not the model's answer). */
function rejectsFormat(err: unknown): boolean {
  return (
    err instanceof OpenAI.APIError &&
    (err.status === 400 || err.status === 422) &&
    /response_format|json_schema|json_object|response format/i.test(err.message)
  );
}

function parseJson<S extends z.ZodType>(
  content: string,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(jsonTextOf(content));
  } catch {
    return { ok: false, problem: 'the reply is not valid JSON' };
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    return {
      ok: false,
      problem: `the JSON does not match: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}`,
    };
  }
  return { ok: true, value: result.data };
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'timed out';
  if (err instanceof OpenAI.APIError) return `HTTP ${err.status ?? 'error'}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
