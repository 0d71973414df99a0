import OpenAI from 'openai';
import type { ChatModel, ChatPrompt } from '../core/llm-prompt.js';
import { LlmUnavailableError } from '../errors.js';

/** A ChatModel on any OpenAI-compatible Chat Completions endpoint, through the openai SDK. */
export class OpenAiChat implements ChatModel {
  private readonly client: OpenAI;

  constructor(
    private readonly options: {
      baseURL: string;
      model: string;
      apiKey?: string;
      timeoutMs: number;
      maxRetries: number;
    },
  ) {
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

  async complete(prompt: ChatPrompt): Promise<string> {
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.options.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
      });
      content = completion.choices[0]?.message.content;
    } catch (err) {
      throw new LlmUnavailableError(`chat completion failed: ${describe(err)}`, { cause: err });
    }
    if (!content) throw new LlmUnavailableError('chat completion returned no message content');
    return content;
  }
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'timed out';
  if (err instanceof OpenAI.APIError) return `HTTP ${err.status ?? 'error'}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
