import OpenAI from 'openai';
import type { z } from 'zod';
import { LlmInvalidReplyError, LlmRefusalError, LlmUnavailableError } from './errors.js';
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

export interface CallOptions {
  /** The run the call is made for: its tokens and cost are accounted to it. */
  readonly runId?: string;
  /** Ask for a JSON object (`response_format: json_object`); the default for `json`. */
  readonly jsonMode?: boolean;
}

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
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.options.model,
        temperature: 0,
        ...(call.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
      });
    } catch (err) {
      throw new LlmUnavailableError(`chat completion failed: ${describe(err)}`, { cause: err });
    }
    const usage = this.account(completion.usage, call.runId);
    const choice = completion.choices[0];
    if (choice?.message.refusal) throw new LlmRefusalError(`the model refused: ${choice.message.refusal}`);
    if (choice?.finish_reason === 'content_filter')
      throw new LlmRefusalError('the reply was withheld by a content filter');
    const content = choice?.message.content;
    if (!content) throw new LlmUnavailableError('chat completion returned no message content');
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
      const reply = await this.text(current, { ...call, jsonMode: call.jsonMode ?? true });
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

function parseJson<S extends z.ZodType>(
  content: string,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(stripFence(content));
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

/** Some local servers wrap JSON in a Markdown fence even in JSON mode. */
function stripFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(content);
  return fenced?.[1] ?? content;
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'timed out';
  if (err instanceof OpenAI.APIError) return `HTTP ${err.status ?? 'error'}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
