/**
 * Reads a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns the wait
 * in milliseconds from `nowMs` (never negative), or null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
