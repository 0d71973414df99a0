import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema } from './common.js';

export const pageOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok') }),
  z.object({
    kind: z.literal('blocked'),
    reason: z.enum(['captcha', 'login_wall', 'http_403', 'http_429', 'http_503', 'robots', 'egress']),
    detail: z.string().max(500),
  }),
]);

/** An element that reacts to input only through JavaScript listeners (no link, form or ARIA role says so). */
export const scriptedElementSchema = z.object({
  xpath: z.string().max(2000),
  tag: z.string().max(50),
  name: z.string().max(300),
  events: z.array(z.string().max(40)).max(20),
});
export type ScriptedElement = z.infer<typeof scriptedElementSchema>;

/** The page's main content (boilerplate removed), capped so a snapshot stays well under 1 MB. */
export const mainContentSchema = z.object({
  title: z.string().max(1000),
  text: z.string().max(200_000),
  markdown: z.string().max(300_000),
  truncated: z.boolean(),
});
export type MainContent = z.infer<typeof mainContentSchema>;

/** What dom-extraction saw when it rendered a URL: evidence by reference plus metadata. */
export const pageSnapshotSchema = z
  .object({
    requestedUrl: httpUrlSchema,
    finalUrl: httpUrlSchema,
    status: z.number().int(),
    title: z.string().max(1000),
    contentType: z.string().max(200),
    loadTimeMs: z.number().nonnegative(),
    outcome: pageOutcomeSchema,
    logRecordId: z.uuid().meta({ description: 'The log record that holds this evidence' }),
    evidence: z.object({ domSnapshot: evidenceRefSchema, screenshot: evidenceRefSchema.nullable() }),
    network: z.object({
      redirects: z.array(z.string()).max(50),
      failedRequests: z.number().int().nonnegative(),
      blockedRequests: z.number().int().nonnegative(),
    }),
    mainContent: mainContentSchema.optional(),
    scriptedElements: z.array(scriptedElementSchema).max(500).optional(),
  })
  .meta({ title: 'PageSnapshot', description: 'A rendered page: evidence refs, metadata, diagnostics' });
export type PageSnapshot = z.infer<typeof pageSnapshotSchema>;

export const extractPage = defineCommand({
  subject: 'dom.extract.v1',
  description: 'Render a URL in Chromium and capture its live DOM and a screenshot as evidence',
  request: z
    .object({
      runId: runIdSchema,
      url: httpUrlSchema,
      sessionId: z.string().min(1).max(100).optional(),
      screenshot: z.boolean().default(true),
      timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
    })
    .meta({ title: 'ExtractPage' }),
  reply: pageSnapshotSchema,
});

export const contentChunkSchema = z.object({
  id: z.string().max(100),
  text: z.string().max(20_000),
  headingPath: z.array(z.string().max(500)).max(10),
  xpath: z.string().max(2000),
});
export type ContentChunk = z.infer<typeof contentChunkSchema>;

export const interactiveElementSchema = z.object({
  id: z.string().max(100),
  tag: z.string().max(50),
  role: z.string().max(50),
  name: z.string().max(500),
  locator: z.string().max(2000),
  xpath: z.string().max(2000),
});
export type InteractiveElement = z.infer<typeof interactiveElementSchema>;

export const understandPage = defineCommand({
  subject: 'dom.understand.v1',
  description: 'Turn a stored DOM snapshot into content chunks and interactive elements',
  request: z
    .object({ runId: runIdSchema, url: httpUrlSchema, domSnapshot: evidenceRefSchema })
    .meta({ title: 'UnderstandPage' }),
  reply: z
    .object({
      url: httpUrlSchema,
      title: z.string().max(1000),
      chunks: z.array(contentChunkSchema).max(2000),
      interactive: z.array(interactiveElementSchema).max(1000),
      truncated: z.boolean(),
      logRecordId: z.uuid(),
    })
    .meta({ title: 'PageUnderstanding' }),
});
