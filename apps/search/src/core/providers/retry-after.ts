/**
 * Milliseconds to wait from a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an
 * HTTP-date. Null when absent or unreadable.
 */
export function retryAfterMs(header: string | undefined, nowMs: number): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
