const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class UndecodableMessageError extends Error {
  override readonly name = 'UndecodableMessageError';
}

export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** Decodes a JSON message body; an empty body decodes to `undefined`. */
export function decodeJson(data: Uint8Array): unknown {
  if (data.length === 0) return undefined;
  try {
    return JSON.parse(decoder.decode(data)) as unknown;
  } catch (err) {
    throw new UndecodableMessageError('message body is not valid JSON', { cause: err });
  }
}

/** Header names used on every Forage message. */
export const HEADER = { traceId: 'Forage-Trace-Id', runId: 'Forage-Run-Id' } as const;

/** `NATS_URL` may list several servers, comma separated; the client fails over between them. */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
