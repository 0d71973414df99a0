export interface ServiceHealth {
  readonly ok: boolean;
  readonly detail: string;
}

/** GET /health on an ops port; unreachable counts as down. */
export async function probeHealth(opsPort: number, timeoutMs = 2_000): Promise<ServiceHealth> {
  try {
    const res = await fetch(`http://127.0.0.1:${opsPort}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json()) as { checks?: Record<string, { ok: boolean; detail?: string }> };
    const failing = Object.entries(body.checks ?? {})
      .filter(([, c]) => !c.ok)
      .map(([name, c]) => `${name}: ${c.detail ?? 'down'}`);
    const details = Object.entries(body.checks ?? {})
      .filter(([, c]) => c.ok && c.detail)
      .map(([name, c]) => `${name}: ${c.detail ?? ''}`);
    return { ok: res.ok, detail: (res.ok ? details : failing).join(', ') };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : 'unreachable' };
  }
}
