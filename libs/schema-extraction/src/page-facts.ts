import type { ClaimSource, EvidenceRef, Listing, SourcedChunk } from '@forage/contracts';

/** What dom-understanding read of one captured page: the evidence the schema is matched against. */
export interface PageFacts {
  readonly url: string;
  readonly title: string;
  /** The capture the page's chunks and fields cite. */
  readonly capture: { readonly domSnapshot: EvidenceRef; readonly logRecordId: string };
  /** The item the page is about (dom.understand.v1's `mainItem`), never a related-products rail. */
  readonly mainItem?: Listing | undefined;
  readonly listings: readonly Listing[];
  readonly chunks: readonly SourcedChunk[];
}

/** A value found for a field: as the page writes it at its Source, read (typed) and how sure the reading is. */
export interface FoundValue {
  /** The value as written in the source's snippet: what the verifier looks for at the XPath. */
  readonly text: string;
  /** The value read from it (a listing's normalised value, or the text). */
  readonly raw: string | number;
  readonly source: ClaimSource;
  readonly confidence: number;
}

/** A record on the page (the main item, a card of a listing, a table row): its name and its fields by property. */
export interface PageRecord {
  /** The record's own name, when it has one (the subject its other fields are about). */
  readonly name?: string | undefined;
  /** Whether the record is the page's main item. */
  readonly main: boolean;
  readonly read: (field: { name: string; attribute: string | undefined }) => FoundValue | undefined;
}

/** The Source of a chunk, in the one Source shape. */
export function sourceOfChunk(chunk: SourcedChunk, snippet = chunk.text): ClaimSource {
  return {
    url: chunk.url,
    title: chunk.title,
    xpath: chunk.xpath,
    nodeId: chunk.chunkId,
    snippet,
    domSnapshot: chunk.domSnapshot,
    logRecordId: chunk.logRecordId,
  };
}
