/** Where a page of the runs history ended: the last run's request time and id (newest first). */
export interface RunsCursor {
  readonly requestedAt: string;
  readonly runId: string;
}

/** An opaque cursor (base64url of the position), so callers cannot depend on its shape. */
export function encodeRunsCursor(cursor: RunsCursor): string {
  return Buffer.from(JSON.stringify([cursor.requestedAt, cursor.runId]), 'utf8').toString('base64url');
}

/** The position a cursor names; undefined when it is not one this service wrote. */
export function decodeRunsCursor(text: string): RunsCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [requestedAt, runId] = value as unknown[];
    if (typeof requestedAt !== 'string' || typeof runId !== 'string') return undefined;
    if (Number.isNaN(Date.parse(requestedAt))) return undefined;
    return { requestedAt, runId };
  } catch {
    return undefined;
  }
}
