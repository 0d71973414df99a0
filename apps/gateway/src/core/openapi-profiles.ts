import type { z } from 'zod';
import { deleteProfileResponseSchema, profileListSchema, profileNameSchema } from '@forage/contracts';
import { commonErrors, error, jsonContent, jsonSchemaOf, type JsonObject } from './openapi-parts.js';

/** The schemas of `/v1/profiles`, from the contracts. */
export const profileComponents: Record<string, { schema: z.ZodType; io: 'input' | 'output' }> = {
  ProfileList: { schema: profileListSchema, io: 'output' },
  DeleteProfileResponse: { schema: deleteProfileResponseSchema, io: 'output' },
};

/** `/v1/profiles`: the caller's browser profiles (made by opening a session with `profile`). */
export const profilePaths: Record<string, JsonObject> = {
  '/v1/profiles': {
    get: {
      operationId: 'listProfiles',
      summary:
        'The caller’s browser profiles: names, the origins each keeps cookies and storage for, and times (never a cookie)',
      responses: {
        '200': { description: 'The profiles', content: jsonContent('ProfileList') },
        ...commonErrors,
      },
    },
  },
  '/v1/profiles/{name}': {
    delete: {
      operationId: 'deleteProfile',
      summary: 'Delete one of the caller’s browser profiles (sessions open on it no longer save to it)',
      parameters: [
        { name: 'name', in: 'path', required: true, schema: jsonSchemaOf(profileNameSchema, 'input') },
      ],
      responses: {
        '200': { description: 'Deleted', content: jsonContent('DeleteProfileResponse') },
        '404': error('No such profile for this API key'),
        ...commonErrors,
        '400': error('Not a profile name (1-64 of a-z 0-9 - _)'),
      },
    },
  },
};
