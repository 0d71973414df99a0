import OpenAI from 'openai';
import type { Logger } from '@forage/observability';
import { rewritePrompt, rewriteReplySchema } from '../core/llm-rewrite-prompt.js';
import { validateRewrite } from '../core/rewrite.js';
import type { ParsedQuery } from '../core/query/parse-query.js';
import type { LlmRewrite } from '../core/search-pipeline.js';

/**
 * QueryRewriter's LLM path on any OpenAI-compatible endpoint: the reply is parsed with Zod and
 * validated (non-empty, ≤ 200 characters, one line, same language); anything else — an error,
 * a timeout, malformed JSON, a rewrite that fails validation — returns null, so the keyword
 * rewrite is used instead.
 */
export function llmRewriter(options: {
  baseURL: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  logger: Logger;
}): LlmRewrite {
  const client = new OpenAI({
    baseURL: options.baseURL,
    // local servers (vLLM, Ollama, llama.cpp) accept any key; the SDK insists on one
    apiKey: options.apiKey ?? 'unused',
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return async (parsed: ParsedQuery) => {
    const prompt = rewritePrompt(parsed);
    let content: string | null | undefined;
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
      });
      content = completion.choices[0]?.message.content;
    } catch (err) {
      options.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'LLM rewrite failed; keyword rewrite used',
      );
      return null;
    }
    let reply: unknown;
    try {
      reply = JSON.parse(content ?? '');
    } catch {
      options.logger.warn(
        { content: (content ?? '').slice(0, 200) },
        'LLM rewrite was not JSON; keyword rewrite used',
      );
      return null;
    }
    const parsedReply = rewriteReplySchema.safeParse(reply);
    if (!parsedReply.success) {
      options.logger.warn('LLM rewrite had no query; keyword rewrite used');
      return null;
    }
    const check = validateRewrite(parsedReply.data.query, parsed);
    if (!check.ok) {
      options.logger.warn({ why: check.why }, 'LLM rewrite refused; keyword rewrite used');
      return null;
    }
    return check.query;
  };
}
