/** What one pass over the pages gave: wall time, per-page latencies, failures. */
export interface PassResult {
  readonly wallMs: number;
  readonly latenciesMs: number[];
  readonly failures: number;
  readonly firstError: string | null;
}

/** Runs `visit` over every URL with `concurrency` workers pulling from one list. */
export async function runConcurrently(
  urls: readonly string[],
  concurrency: number,
  visit: (url: string, worker: number) => Promise<void>,
): Promise<PassResult> {
  const latenciesMs: number[] = [];
  let failures = 0;
  let firstError: string | null = null;
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = next++; i < urls.length; i = next++) {
        const t0 = performance.now();
        try {
          await visit(urls[i] ?? '', worker);
          latenciesMs.push(performance.now() - t0);
        } catch (err) {
          failures++;
          firstError ??= err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
        }
      }
    }),
  );
  return { wallMs: performance.now() - startedAt, latenciesMs, failures, firstError };
}
