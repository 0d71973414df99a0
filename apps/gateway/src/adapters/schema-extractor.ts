import { Inject, Injectable } from '@nestjs/common';
import {
  understandPage,
  verifyRun,
  type FieldSchema,
  type PageSnapshot,
  type SchemaExtraction,
} from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { readIntoSchema, type SchemaReaderPorts } from '@forage/schema-extraction';
import { EvidenceReader } from './evidence-reader.js';

/**
 * A rendered page read into the user's schema (`readIntoSchema`): dom-understanding and the
 * verifier over the bus, the chunk set from the evidence store.
 */
@Injectable()
export class SchemaExtractor {
  private readonly ports: SchemaReaderPorts;

  constructor(@Inject(Bus) bus: Bus, @Inject(EvidenceReader) evidence: EvidenceReader) {
    this.ports = {
      understand: (request) => bus.request(understandPage, request, { timeoutMs: 60_000 }),
      chunkSet: (ref) => evidence.chunkSet(ref),
      verify: (request) => bus.request(verifyRun, request, { timeoutMs: 60_000 }),
    };
  }

  extract(input: { runId: string; page: PageSnapshot; schema: FieldSchema }): Promise<SchemaExtraction> {
    return readIntoSchema(this.ports, input);
  }
}
