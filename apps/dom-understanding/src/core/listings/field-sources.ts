import type { ContentChunk, EvidenceRef, Listing, Source } from '@forage/contracts';
import { nodeIdOf } from '../dedupe-chunks.js';

/** What every field of one page's listings shares in its Source. */
export interface SourceContext {
  readonly url: string;
  readonly title: string;
  readonly domSnapshot: EvidenceRef;
  readonly logRecordId: string;
  /** The page's content chunks: a field's node id is the chunk holding its element. */
  readonly chunks: readonly Pick<ContentChunk, 'xpath' | 'nodeId'>[];
}

interface PlainField {
  readonly value: unknown;
  readonly xpath: string;
  readonly snippet: string;
}

/**
 * Gives every field of every listing its full Source (page, XPath, node id, snippet, DOM snapshot,
 * log record), so a verifier can check a listing-field claim at its XPath in the stored DOM. The
 * node id is the innermost content chunk containing the field's element; a field outside every
 * chunk (JSON-LD, meta tags) gets the id of its own node, computed the way chunk ids are.
 */
export function withFieldSources(listings: readonly Listing[], context: SourceContext): Listing[] {
  const chunks = [...context.chunks]
    .filter((c): c is { xpath: string; nodeId: string } => typeof c.nodeId === 'string')
    .sort((a, b) => b.xpath.length - a.xpath.length);
  return listings.map((listing) => {
    const withSources: Record<string, unknown> = { ...listing };
    for (const [name, value] of Object.entries(listing) as [string, unknown][]) {
      if (!isField(value)) continue;
      withSources[name] = { ...value, source: sourceOf(value, context, chunks) };
    }
    // only fields gained a `source`, which every listing kind's field schema allows
    return withSources as Listing;
  });
}

function sourceOf(
  field: PlainField,
  context: SourceContext,
  chunks: readonly { xpath: string; nodeId: string }[],
): Source {
  const snippet = firstNonEmpty(field.snippet, textOf(field.value), field.xpath).slice(0, 2_000);
  const holder = chunks.find((c) => field.xpath === c.xpath || field.xpath.startsWith(`${c.xpath}/`));
  return {
    url: context.url,
    title: context.title,
    xpath: field.xpath,
    nodeId: holder?.nodeId ?? nodeIdOf({ xpath: field.xpath, text: snippet }),
    snippet,
    domSnapshot: context.domSnapshot,
    logRecordId: context.logRecordId,
  };
}

function isField(value: unknown): value is PlainField {
  return (
    typeof value === 'object' &&
    value !== null &&
    'value' in value &&
    'xpath' in value &&
    typeof value.xpath === 'string' &&
    'snippet' in value &&
    typeof value.snippet === 'string'
  );
}

function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function firstNonEmpty(...texts: string[]): string {
  return texts.find((t) => t.trim() !== '') ?? '-';
}

/** Sets the log record of every field's Source (once the understanding's own record is written). */
export function withSourceRecord(listings: readonly Listing[], logRecordId: string): Listing[] {
  return listings.map((listing) => {
    const out: Record<string, unknown> = { ...listing };
    for (const [name, value] of Object.entries(listing) as [string, unknown][]) {
      if (isField(value) && 'source' in value && typeof value.source === 'object' && value.source !== null)
        out[name] = { ...value, source: { ...value.source, logRecordId } };
    }
    return out as Listing;
  });
}
