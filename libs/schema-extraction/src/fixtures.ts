import type { EvidenceRef, Listing, ProductListing, SourcedChunk } from '@forage/contracts';
import type { PageFacts } from './page-facts.js';

/** Pages as dom-understanding reads them, for the matcher's unit tests. */
export const URL = 'http://127.0.0.1:8080/item';
const snapshot: EvidenceRef = {
  sha256: 'a'.repeat(64),
  kind: 'dom_snapshot',
  size: 100,
  contentType: 'text/html',
};
const logRecordId = '00000000-0000-4000-8000-000000000001';

export function chunk(xpath: string, text: string): SourcedChunk {
  return {
    chunkId: `${logRecordId}:${xpath}`,
    url: URL,
    title: 'Item',
    text,
    headingPath: [],
    xpath,
    domSnapshot: snapshot,
    logRecordId,
  };
}

/** A listing field as dom.understand.v1 sends it: its value, its node, and its full Source. */
export function field<T>(
  value: T,
  xpath: string,
  snippet: string,
  origin: 'json-ld' | 'repeated-structure' | 'page-text' = 'repeated-structure',
) {
  return {
    value,
    xpath,
    snippet,
    origin,
    source: {
      url: URL,
      title: 'Item',
      xpath,
      nodeId: `n:${xpath}`,
      snippet,
      domSnapshot: snapshot,
      logRecordId,
    },
  };
}

export function product(input: {
  xpath: string;
  name?: [string, string];
  price?: [string, string, string];
  sku?: [string, string, string];
  confidence?: number;
}): ProductListing {
  return {
    kind: 'product',
    id: input.xpath,
    xpath: input.xpath,
    origin: 'repeated-structure',
    confidence: input.confidence ?? 0.9,
    ...(input.name ? { name: field(input.name[0], input.name[1], input.name[0]) } : {}),
    ...(input.price ? { price: field(input.price[0], input.price[1], input.price[2]) } : {}),
    ...(input.sku ? { sku: field(input.sku[0], input.sku[1], input.sku[2]) } : {}),
  };
}

export function pageOf(input: {
  mainItem?: Listing;
  listings?: Listing[];
  chunks?: SourcedChunk[];
}): PageFacts {
  return {
    url: URL,
    title: 'Item',
    capture: { domSnapshot: snapshot, logRecordId },
    mainItem: input.mainItem,
    listings: input.listings ?? [],
    chunks: input.chunks ?? [],
  };
}
