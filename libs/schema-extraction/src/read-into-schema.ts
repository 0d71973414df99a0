import {
  sourcedChunkId,
  type ChunkSet,
  type ClaimVerdict,
  type FieldSchema,
  type PageSnapshot,
  type SchemaExtraction,
  type CommandReply,
  type CommandRequestInput,
  type SourcedChunk,
  type understandPage,
  type VerdictRef,
  type verifyRun,
} from '@forage/contracts';
import { batchesOf, claimsOf, extractionOf } from './claims.js';
import { matchSchema } from './match.js';
import type { PageFacts } from './page-facts.js';

/** What reading a page into a schema needs from the stack: dom-understanding, its chunk sets, the verifier. */
export interface SchemaReaderPorts {
  readonly understand: (
    request: CommandRequestInput<typeof understandPage>,
  ) => Promise<CommandReply<typeof understandPage>>;
  readonly chunkSet: (ref: { sha256: string }) => Promise<ChunkSet>;
  readonly verify: (
    request: CommandRequestInput<typeof verifyRun>,
  ) => Promise<CommandReply<typeof verifyRun>>;
}

/**
 * A rendered page read into the user's schema: dom-understanding reads the stored DOM (main item,
 * listings, chunks), the pure matcher finds each field's value and Source, and the verifier checks
 * every value against the same stored DOM. Only what the verifier verified is released; a blocked
 * page gives every field missing with the block as its reason. The gateway (`POST /v1/extract`)
 * and `forage crawl --schema` both read pages through this one sequence.
 */
export async function readIntoSchema(
  ports: SchemaReaderPorts,
  input: { runId: string; page: PageSnapshot; schema: FieldSchema },
): Promise<SchemaExtraction> {
  const { runId, page, schema } = input;
  if (page.outcome.kind === 'blocked') {
    const reason = `the page was blocked (${page.outcome.reason}): ${page.outcome.detail}`;
    const matches = matchSchema({ schema, page: emptyPage(page) });
    return extractionOf({
      matches: matches.map((m) => ('missing' in m ? { ...m, missing: reason } : m)),
      verdicts: [],
    });
  }
  const facts = await factsOf(ports, runId, page);
  const matches = matchSchema({ schema, page: facts.page });
  const claims = claimsOf({ matches, url: facts.page.url });
  const verdicts: ClaimVerdict[] = [];
  let verdict: VerdictRef | undefined;
  for (const batch of batchesOf(claims)) {
    const reply = await ports.verify({ runId, claims: batch, expectedRecordIds: facts.recordIds });
    verdicts.push(...reply.verdicts);
    verdict ??= reply.verdict;
  }
  return extractionOf({ matches, verdicts, verdict });
}

/** What dom-understanding reads of the capture, with its chunks as the capture's Sources. */
async function factsOf(
  ports: SchemaReaderPorts,
  runId: string,
  page: PageSnapshot,
): Promise<{ page: PageFacts; recordIds: string[] }> {
  const capture = { domSnapshot: page.evidence.domSnapshot, logRecordId: page.logRecordId };
  const understood = await ports.understand({
    runId,
    url: page.finalUrl,
    domSnapshot: capture.domSnapshot,
    logRecordId: capture.logRecordId,
  });
  const set = await ports.chunkSet(understood.chunkSet.ref);
  const chunks: SourcedChunk[] = set.chunks.map((chunk) => ({
    chunkId: sourcedChunkId({ logRecordId: capture.logRecordId, chunkId: chunk.id }),
    url: set.url,
    title: set.title,
    text: chunk.text,
    headingPath: chunk.headingPath,
    xpath: chunk.xpath,
    ...capture,
  }));
  return {
    page: {
      url: set.url,
      title: set.title,
      capture,
      mainItem: understood.mainItem,
      listings: understood.listings ?? [],
      chunks,
    },
    recordIds: [capture.logRecordId, understood.logRecordId],
  };
}

function emptyPage(page: PageSnapshot): PageFacts {
  return {
    url: page.finalUrl,
    title: page.title,
    capture: { domSnapshot: page.evidence.domSnapshot, logRecordId: page.logRecordId },
    listings: [],
    chunks: [],
  };
}
