import type { z } from 'zod';
import {
  actBodySchema,
  actResponseSchema,
  closeSessionResponseSchema,
  observationSchema,
  observeQuerySchema,
  openSessionBodySchema,
  sessionViewSchema,
} from '@forage/contracts';
import { commonErrors, error, jsonContent, jsonSchemaOf, type JsonObject } from './openapi-parts.js';

/** The schemas of `/v1/sessions`, from the contracts. */
export const sessionComponents: Record<string, { schema: z.ZodType; io: 'input' | 'output' }> = {
  OpenSessionBody: { schema: openSessionBodySchema, io: 'input' },
  SessionView: { schema: sessionViewSchema, io: 'output' },
  Observation: { schema: observationSchema, io: 'output' },
  ActBody: { schema: actBodySchema, io: 'input' },
  ActResponse: { schema: actResponseSchema, io: 'output' },
  CloseSessionResponse: { schema: closeSessionResponseSchema, io: 'output' },
};

const sessionIdParam = {
  name: 'sessionId',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};
const notYours = error('No such session: never opened, closed, expired, or another key’s');

/** Query parameters of `GET /v1/sessions/{sessionId}/observe`, one per field of ObserveQuery. */
function observeParameters(): JsonObject[] {
  const shape = jsonSchemaOf(observeQuerySchema, 'input');
  const properties = (shape['properties'] ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
}

/** `/v1/sessions`: a browser session an agent drives, with evidence for every action. */
export const sessionPaths: Record<string, JsonObject> = {
  '/v1/sessions': {
    post: {
      operationId: 'openSession',
      summary:
        'Open a browser session, optionally on a page (the egress rules of runs apply); owned by the caller’s API key',
      requestBody: { required: false, content: jsonContent('OpenSessionBody') },
      responses: {
        '201': { description: 'The session', content: jsonContent('SessionView') },
        '403': error('The start page is refused by the egress rules (egress_denied)'),
        ...commonErrors,
        '429': error('Too many requests, or too many sessions open for this key or overall (limit_reached)'),
      },
    },
  },
  '/v1/sessions/{sessionId}/observe': {
    get: {
      operationId: 'observeSession',
      summary:
        'The session’s current page: its interactive elements (role, name, state, locator) and main text, one page of each',
      parameters: [sessionIdParam, ...observeParameters()],
      responses: {
        '200': { description: 'The observation', content: jsonContent('Observation') },
        '404': notYours,
        ...commonErrors,
      },
    },
  },
  '/v1/sessions/{sessionId}/act': {
    post: {
      operationId: 'actInSession',
      summary:
        'Run one command or a list on the session’s page; each result has its outcome and before/after evidence, and a list stops at the first failure',
      parameters: [sessionIdParam],
      requestBody: { required: true, content: jsonContent('ActBody') },
      responses: {
        '200': { description: 'A result per action run', content: jsonContent('ActResponse') },
        '404': notYours,
        ...commonErrors,
      },
    },
  },
  '/v1/sessions/{sessionId}': {
    delete: {
      operationId: 'closeSession',
      summary: 'Close the session (its log records and evidence stay)',
      parameters: [sessionIdParam],
      responses: {
        '200': { description: 'Closed', content: jsonContent('CloseSessionResponse') },
        '404': notYours,
        ...commonErrors,
      },
    },
  },
};
