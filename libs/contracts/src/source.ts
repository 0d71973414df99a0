import { z } from 'zod';
import { evidenceRefSchema, httpUrlSchema } from './common.js';

/**
 * Where a fact comes from, in one shape from the chunk it was cut from to the answer, the claim
 * and the citation: the page, the element (XPath and node id), the verbatim snippet, the stored DOM
 * snapshot it can be checked against, and the log record of the capture.
 */
export const sourceSchema = z
  .object({
    url: httpUrlSchema,
    title: z.string().max(1000),
    xpath: z.string().max(2000),
    nodeId: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: 'The chunk (text-model node) the snippet was cut from' }),
    snippet: z
      .string()
      .min(1)
      .max(2000)
      .meta({ description: 'Verbatim text of the page, as the text model renders it' }),
    domSnapshot: evidenceRefSchema.meta({
      description: 'The evidence: the stored DOM the snippet is read from',
    }),
    logRecordId: z.uuid().meta({ description: 'The log record of the capture that stored the evidence' }),
  })
  .meta({
    title: 'Source',
    description: 'One pointer to the source of a fact: page, element, snippet, evidence, log record',
  });
export type Source = z.infer<typeof sourceSchema>;
