import { randomUUID } from 'node:crypto';
import {
  extractPage,
  understandPage,
  verifyRun,
  type FieldSchema,
  type PageSnapshot,
  type SchemaExtraction,
} from '@forage/contracts';
import { EvidenceStore, getChunkSet, parseEvidenceKey } from '@forage/evidence';
import { Bus } from '@forage/messaging';
import { readIntoSchema, type SchemaReaderPorts } from '@forage/schema-extraction';
import { connectToStack } from '../../stack/connect.js';

/** Reads a page the crawl rendered into the user's schema, every field verified. */
export type SchemaPageReader = (page: PageSnapshot, schema: FieldSchema) => Promise<SchemaExtraction>;

/**
 * Renders crawl pages through the running stack's dom-extraction (`dom.extract.v1`: its egress
 * guard, robots.txt and per-host politeness apply), asking for each page's links; one run id per
 * crawl, so its pages are grouped in the log. Given the stack's evidence key it also reads a
 * rendered page into a schema (`readIntoSchema`: dom-understanding and the verifier on the same
 * capture, so no page is fetched twice). `close()` when done.
 */
export async function connectCrawlRenderer(
  natsUrl: string,
  options: { evidenceKey?: string } = {},
): Promise<{
  render: (url: string) => Promise<PageSnapshot>;
  readIntoSchema?: SchemaPageReader;
  close: () => Promise<void>;
}> {
  const connection = await connectToStack(natsUrl, 'extract');
  const bus = new Bus(connection, { timeoutMs: 90_000 });
  const runId = randomUUID();
  const render = (url: string): Promise<PageSnapshot> =>
    bus.request(extractPage, { runId, url, screenshot: false, timeoutMs: 60_000, links: true });
  const close = (): Promise<void> => connection.drain();
  if (options.evidenceKey === undefined) return { render, close };
  const key = parseEvidenceKey(options.evidenceKey);
  let store: Promise<EvidenceStore> | undefined;
  const ports: SchemaReaderPorts = {
    understand: (request) => bus.request(understandPage, request, { timeoutMs: 60_000 }),
    chunkSet: async (ref) => {
      store ??= EvidenceStore.bind(connection, { key });
      return getChunkSet(await store, ref);
    },
    verify: (request) => bus.request(verifyRun, request, { timeoutMs: 60_000 }),
  };
  return { render, close, readIntoSchema: (page, schema) => readIntoSchema(ports, { runId, page, schema }) };
}
