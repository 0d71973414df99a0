/** One server-sent event. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
  readonly id?: string;
}

/** Server-sent events from a response body, as they arrive (comments and keep-alives skipped). */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** One event block (RFC: `field: value` lines; data lines joined with newlines). */
export function parseBlock(block: string): ServerSentEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  let id: string | undefined;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (data.length === 0) return undefined;
  return { event, data: data.join('\n'), ...(id !== undefined ? { id } : {}) };
}
