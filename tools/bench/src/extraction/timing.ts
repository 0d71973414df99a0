/** Outputs of one extractor over a list of pages, and how fast it produced them. */
export interface TimedRun {
  readonly outputs: Map<string, string>;
  readonly seconds: number;
  readonly pagesPerSecond: number;
}

const WARMUP_PAGES = 15;

/**
 * Runs `extract` over every page once, timing only the calls (HTML is already in memory, so gunzip
 * and IO are excluded; parsing is included). A few pages run first, untimed, so JIT warm-up does
 * not favour whichever extractor runs second.
 */
export function timeExtractor(input: {
  pages: readonly { readonly id: string; readonly html: string; readonly url: string }[];
  extract: (html: string, url: string) => string;
}): TimedRun {
  for (const page of input.pages.slice(0, WARMUP_PAGES)) input.extract(page.html, page.url);
  const outputs = new Map<string, string>();
  let elapsedMs = 0;
  for (const page of input.pages) {
    const t0 = performance.now();
    const text = input.extract(page.html, page.url);
    elapsedMs += performance.now() - t0;
    outputs.set(page.id, text);
  }
  const seconds = elapsedMs / 1000;
  return { outputs, seconds, pagesPerSecond: input.pages.length / seconds };
}
