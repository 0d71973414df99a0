import { LlmInvalidReplyError, type LlmClient } from '@forage/llm';
import type { Logger } from '@forage/observability';
import { rewritePrompt, rewriteReplySchema } from '../core/llm-rewrite-prompt.js';
import { validateRewrite } from '../core/rewrite.js';
import type { ParsedQuery } from '../core/query/parse-query.js';
import type { LlmRewrite } from '../core/search-pipeline.js';

/**
 * QueryRewriter's LLM path through the project's LLM client: the reply is parsed with Zod (asked
 * again once when it is not the JSON asked for) and validated (non-empty, ≤ 200 characters, one
 * line, same language); anything else — an outage, a timeout, a refusal, a reply invalid twice, a
 * rewrite that fails validation — returns null, so the keyword rewrite is used instead.
 */
export function llmRewriter(client: LlmClient, logger: Logger): LlmRewrite {
  return async (parsed: ParsedQuery) => {
    let query: string;
    try {
      query = (await client.json(rewritePrompt(parsed), rewriteReplySchema)).value.query;
    } catch (err) {
      const content = err instanceof LlmInvalidReplyError ? { content: err.content.slice(0, 200) } : {};
      logger.warn(
        { err: err instanceof Error ? err.message : String(err), ...content },
        'LLM rewrite failed; keyword rewrite used',
      );
      return null;
    }
    const check = validateRewrite(query, parsed);
    if (!check.ok) {
      logger.warn({ why: check.why }, 'LLM rewrite refused; keyword rewrite used');
      return null;
    }
    return check.query;
  };
}
