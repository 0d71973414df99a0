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
export async function getJson<S extends z.ZodType>(input: {
  gatewayUrl: string;
  path: string;
  schema: S;
  apiKey?: string | undefined;
}): Promise<z.infer<S>> {
  let res: Response;
  try {
    res = await fetch(`${input.gatewayUrl}${input.path}`, {
      headers: input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {},
      signal: AbortSignal.timeout(30_000),
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
    const message = error.success ? error.data.error.message : `HTTP ${String(res.status)}`;
    throw new GatewayRequestError(`the gateway answered ${String(res.status)}: ${message}`, res.status);
  }
  return input.schema.parse(body);
}

/** POST a JSON body to the gateway's API and validate the reply with its contract schema. */
export async function postJson<S extends z.ZodType>(input: {
  gatewayUrl: string;
  path: string;
  body: unknown;
  schema: S;
  apiKey?: string | undefined;
  timeoutMs?: number;
}): Promise<z.infer<S>> {
  let res: Response;
  try {
    res = await fetch(`${input.gatewayUrl}${input.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
      },
      body: JSON.stringify(input.body),
      signal: AbortSignal.timeout(input.timeoutMs ?? 180_000),
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
