import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';

const MAX_SNIPPET = 2_000;

/**
 * The Source of a snippet cut from a chunk: the chunk's page, element and evidence, unchanged, with
 * the verbatim snippet (clipped to the contract's limit around the answer). The chunk id is the
 * node id (v1 also carries it as `chunkId`).
 */
export function sourceOf(input: {
  chunk: SourcedChunk;
  snippet: string;
  answer: string;
}): ScoredAnswer['source'] {
  const { chunkId, url, title, xpath, domSnapshot, logRecordId } = input.chunk;
  return {
    url,
    title,
    xpath,
    nodeId: chunkId || xpath,
    snippet: clipSnippet(input.snippet, input.answer),
    domSnapshot,
    logRecordId,
    chunkId,
  };
}

/** A snippet within the contract's limit that still holds the answer (a verbatim slice either way). */
function clipSnippet(snippet: string, answer: string): string {
  if (snippet.length <= MAX_SNIPPET) return snippet;
  const at = Math.max(0, snippet.indexOf(answer));
  const start = Math.max(0, Math.min(at - MAX_SNIPPET / 2, snippet.length - MAX_SNIPPET));
  return snippet.slice(start, start + MAX_SNIPPET).trim();
}
