import type { ProviderHit } from './providers/provider.js';
import { canonicalUrl, plainText, registrableDomain, stripBranding } from './normalize.js';

/** A provider hit after normalisation: canonical URL, registrable domain, clean title and snippet. */
export interface NormalizedHit {
  readonly url: string;
  readonly domain: string;
  readonly title: string;
  readonly snippet: string;
  readonly position: number;
  readonly provider: string;
  readonly providerScore?: number;
}

/**
 * Normalises every hit and keeps the first of each canonical URL (sources are in priority order,
 * so the better-placed copy wins); hits whose URL is not http(s) are dropped.
 */
export function normalizeHits(hits: readonly (ProviderHit & { provider: string })[]): NormalizedHit[] {
  const seen = new Set<string>();
  const out: NormalizedHit[] = [];
  for (const hit of hits) {
    const url = canonicalUrl(hit.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    out.push({
      url,
      domain: registrableDomain(url),
      title: stripBranding(plainText(hit.title), url).slice(0, 500),
      snippet: plainText(hit.snippet).slice(0, 2000),
      position: hit.position,
      provider: hit.provider,
      ...(hit.providerScore === undefined ? {} : { providerScore: hit.providerScore }),
    });
  }
  return out;
}
