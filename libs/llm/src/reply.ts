/**
 * The answer in an assistant message as OpenAI-compatible servers really send it: reasoning
 * models' `<think>` blocks (or a server that stripped the opening tag and left `…</think>`) are
 * not the answer; a separate `reasoning_content` / `reasoning` field never is; a reply given as a
 * tool call carries its answer in the call's arguments.
 */
export interface AssistantMessage {
  readonly content?: string | null;
  readonly reasoning_content?: string | null;
  readonly reasoning?: string | null;
  readonly tool_calls?: readonly {
    readonly type?: string;
    readonly function?: { readonly name?: string; readonly arguments?: string };
  }[];
}

const THINK_BLOCK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
/** A closing tag with no opening one: everything before it was reasoning. */
const THINK_TAIL = /^[\s\S]*?<\/(?:think|thinking|reasoning)>/i;

/** The message's answer, without its reasoning; '' when it holds none. */
export function answerOf(message: AssistantMessage | undefined): string {
  const content = (message?.content ?? '').replace(THINK_BLOCK, '').replace(THINK_TAIL, '').trim();
  if (content !== '') return content;
  const call = message?.tool_calls?.find((c) => c.function?.arguments);
  return call?.function?.arguments?.trim() ?? '';
}

/** Whether the message holds reasoning only (the model spent its tokens thinking). */
export function onlyReasoning(message: AssistantMessage | undefined): boolean {
  return (
    answerOf(message) === '' && Boolean(message?.reasoning_content ?? message?.reasoning ?? message?.content)
  );
}

/**
 * The one JSON object in a reply: the whole reply, a Markdown-fenced block, or the first
 * balanced `{…}` in prose ("Sure! {…}"), as servers without a JSON mode send it.
 */
export function jsonTextOf(reply: string): string {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n\s*```/.exec(reply);
  if (fenced?.[1]) return fenced[1].trim();
  const trimmed = reply.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return trimmed;
  const start = trimmed.indexOf('{');
  if (start < 0) return trimmed;
  let depth = 0;
  let inString = false;
  for (let i = start; i < trimmed.length; i++) {
    const ch = trimmed[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return trimmed.slice(start, i + 1);
  }
  return trimmed;
}
