import type { z } from 'zod';
import { errorReplySchema } from '@forage/contracts';

/** The gateway refused or could not be reached; the message says which and why. */
export class GatewayRequestError extends Error {
  override readonly name = 'GatewayRequestError';
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** GET a JSON resource of the gateway's API and validate it with its contract schema. */
export function getJson<S extends z.ZodType>(input: {
  gatewayUrl: string;
  path: string;
  schema: S;
  apiKey?: string | undefined;
}): Promise<z.infer<S>> {
  return requestJson({ ...input, timeoutMs: 30_000 });
}

/** POST a JSON body to the gateway's API and validate the reply with its contract schema. */
export function postJson<S extends z.ZodType>(input: {
  gatewayUrl: string;
  path: string;
  body: unknown;
  schema: S;
  apiKey?: string | undefined;
  timeoutMs?: number;
}): Promise<z.infer<S>> {
  return requestJson({ ...input, timeoutMs: input.timeoutMs ?? 180_000 });
}

/** One request to the gateway (a POST when it has a body); an error reply's message and issues become the error. */
async function requestJson<S extends z.ZodType>(input: {
  gatewayUrl: string;
  path: string;
  body?: unknown;
  schema: S;
  apiKey?: string | undefined;
  timeoutMs: number;
}): Promise<z.infer<S>> {
  const auth: Record<string, string> = input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {};
  let res: Response;
  try {
    res = await fetch(`${input.gatewayUrl}${input.path}`, {
      ...(input.body === undefined
        ? { headers: auth }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...auth },
            body: JSON.stringify(input.body),
          }),
      signal: AbortSignal.timeout(input.timeoutMs),
    });
  } catch (err) {
    throw new GatewayRequestError(
      `cannot reach the gateway at ${input.gatewayUrl}; is \`forage up\` running?`,
      null,
      { cause: err },
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = errorReplySchema.safeParse(body);
    const issues = error.success ? (error.data.error.issues ?? []) : [];
    const message = error.success
      ? [error.data.error.message, ...issues.map((i) => `${i.path}: ${i.message}`)].join('; ')
      : `HTTP ${String(res.status)}`;
    throw new GatewayRequestError(`the gateway answered ${String(res.status)}: ${message}`, res.status);
  }
  return input.schema.parse(body);
}
