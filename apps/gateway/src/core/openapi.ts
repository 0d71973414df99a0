import type { z } from 'zod';
import {
  cancelRunResponseSchema,
  createRunBodySchema,
  createRunResponseSchema,
  runInputBodySchema,
  runInputResponseSchema,
  errorReplySchema,
  queryLogs,
  runsListFilterSchema,
  runsPageSchema,
  runViewSchema,
  searchBodySchema,
  searchResponseSchema,
  extractBodySchema,
  extractResponseSchema,
} from '@forage/contracts';

import { commonErrors, error, jsonContent, jsonSchemaOf, type JsonObject } from './openapi-parts.js';

export { jsonSchemaOf };
import { sessionComponents, sessionPaths } from './openapi-sessions.js';
import { profileComponents, profilePaths } from './openapi-profiles.js';
import { crawlComponents, crawlPaths } from './openapi-crawls.js';

/** The schemas the document names, from the contracts; `input` ones describe what a client sends. */
const components: Record<string, { schema: z.ZodType; io: 'input' | 'output' }> = {
  CreateRunBody: { schema: createRunBodySchema, io: 'input' },
  CreateRunResponse: { schema: createRunResponseSchema, io: 'output' },
  RunView: { schema: runViewSchema, io: 'output' },
  RunsPage: { schema: runsPageSchema, io: 'output' },
  CancelRunResponse: { schema: cancelRunResponseSchema, io: 'output' },
  RunInputBody: { schema: runInputBodySchema, io: 'input' },
  RunInputResponse: { schema: runInputResponseSchema, io: 'output' },
  ErrorReply: { schema: errorReplySchema, io: 'output' },
  RunLog: { schema: queryLogs.reply, io: 'output' },
  SearchBody: { schema: searchBodySchema, io: 'input' },
  SearchResponse: { schema: searchResponseSchema, io: 'output' },
  ExtractBody: { schema: extractBodySchema, io: 'input' },
  ExtractResponse: { schema: extractResponseSchema, io: 'output' },
  ...sessionComponents,
  ...profileComponents,
  ...crawlComponents,
};

const runIdParam = {
  name: 'runId',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};

/** Query parameters of `GET /v1/runs`, one per field of the filter contract. */
function listParameters(): JsonObject[] {
  const shape = jsonSchemaOf(runsListFilterSchema, 'input');
  const properties = (shape['properties'] ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
}

/** The gateway's HTTP API as an OpenAPI 3.1 document, generated from the Zod contracts. */
export function openApiDocument(input: { version: string; serverUrl?: string }): JsonObject {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Forage API',
      version: input.version,
      description:
        'Ask questions answered from the web with verified evidence: start runs, follow them, list past runs, fetch evidence; drive a browser session with evidence for every action.',
    },
    ...(input.serverUrl ? { servers: [{ url: input.serverUrl }] } : {}),
    security: [{ bearer: [] }, {}],
    paths: {
      '/v1/runs': {
        post: {
          operationId: 'createRun',
          summary: 'Start a run (queued durably before 202)',
          requestBody: { required: true, content: jsonContent('CreateRunBody') },
          responses: {
            '202': { description: 'The run is queued', content: jsonContent('CreateRunResponse') },
            '415': error('The body is not JSON'),
            ...commonErrors,
          },
        },
        get: {
          operationId: 'listRuns',
          summary: 'Past runs from the history, newest first (the caller’s own with API keys)',
          parameters: listParameters(),
          responses: {
            '200': { description: 'One page of runs', content: jsonContent('RunsPage') },
            ...commonErrors,
          },
        },
      },
      '/v1/runs/{runId}': {
        get: {
          operationId: 'getRun',
          summary: 'One run: its steps and its checked result',
          parameters: [runIdParam],
          responses: {
            '200': { description: 'The run', content: jsonContent('RunView') },
            '404': error('No such run, or not the caller’s'),
            ...commonErrors,
          },
        },
        delete: {
          operationId: 'cancelRun',
          summary: 'Cancel a run that has not completed',
          parameters: [runIdParam],
          responses: {
            '202': { description: 'Cancellation sent', content: jsonContent('CancelRunResponse') },
            '404': error('No such run, or not the caller’s'),
            '409': error('The run has already completed'),
            ...commonErrors,
          },
        },
      },
      '/v1/search': {
        post: {
          operationId: 'search',
          summary: 'Search the configured providers and the local index, ranked, with each source’s status',
          requestBody: { required: true, content: jsonContent('SearchBody') },
          responses: {
            '200': { description: 'Ranked results', content: jsonContent('SearchResponse') },
            ...commonErrors,
          },
        },
      },
      '/v1/extract': {
        post: {
          operationId: 'extract',
          summary: 'Render a page (egress guard, robots.txt, politeness) and return its main content',
          requestBody: { required: true, content: jsonContent('ExtractBody') },
          responses: {
            '200': {
              description:
                'The page’s snapshot and main content; a page the egress guard or robots.txt refuses is reported in its outcome',
              content: jsonContent('ExtractResponse'),
            },
            ...commonErrors,
          },
        },
      },
      '/v1/runs/{runId}/input': {
        post: {
          operationId: 'answerRun',
          summary: 'Answer the questions of a run waiting in needs_input',
          parameters: [runIdParam],
          requestBody: { required: true, content: jsonContent('RunInputBody') },
          responses: {
            '202': {
              description: 'The run took the answers and goes on',
              content: jsonContent('RunInputResponse'),
            },
            '404': error('No such run, or not the caller’s'),
            '409': error('The run is not waiting for input'),
            ...commonErrors,
          },
        },
      },
      '/v1/runs/{runId}/log': {
        get: {
          operationId: 'getRunLog',
          summary:
            'The run’s log records in chain order (seq, prev_hash, hash), with the verdict on the chain',
          parameters: [runIdParam],
          responses: {
            '200': { description: 'Records and chain status', content: jsonContent('RunLog') },
            '404': error('No such run, or not the caller’s'),
            ...commonErrors,
          },
        },
      },
      '/v1/runs/{runId}/events': {
        get: {
          operationId: 'runEvents',
          summary:
            'Server-sent events: `step` events (id = seq), then `completed`; resumes after Last-Event-ID',
          parameters: [
            runIdParam,
            { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'An event stream; `step` data is RunStep, `completed` data is RunCompleted',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
            '404': error('No such run, or not the caller’s'),
            ...commonErrors,
          },
        },
      },
      '/v1/evidence/{sha256}': {
        get: {
          operationId: 'getEvidence',
          summary:
            'One artefact of a run the caller may see: DOM snapshot (text/html) or screenshot (image/png)',
          parameters: [
            {
              name: 'sha256',
              in: 'path',
              required: true,
              schema: { type: 'string', pattern: '^[a-f0-9]{64}$' },
            },
            { name: 'run', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          responses: {
            '200': {
              description: 'The artefact, as stored (decrypted and re-hashed)',
              content: {
                'text/html': { schema: { type: 'string' } },
                'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
              },
            },
            '404': error('The run has no such evidence, or it is no longer stored'),
            ...commonErrors,
          },
        },
      },
      ...sessionPaths,
      ...profilePaths,
      ...crawlPaths,
      '/v1/openapi.json': {
        get: {
          operationId: 'openApi',
          summary: 'This document',
          responses: {
            '200': {
              description: 'OpenAPI 3.1',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: Object.fromEntries(
        Object.entries(components).map(([name, { schema, io }]) => [
          name,
          jsonSchemaOf(schema, io, `#/components/schemas/${name}`),
        ]),
      ),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key from `forage keys create`' },
      },
    },
  };
}
