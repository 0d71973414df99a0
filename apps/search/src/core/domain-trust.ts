/** Extraction outcomes seen for one registrable domain. */
export interface TrustCounts {
  readonly useful: number;
  readonly useless: number;
}

/**
 * Trust in [-1, 1] from outcomes: (useful - useless) / (useful + useless + prior). The prior keeps
 * one lucky or unlucky page from swinging a domain: it takes a few outcomes to move far from 0.
 */
export function domainTrust(counts: TrustCounts | undefined, prior = 4): number {
  if (!counts) return 0;
  const total = counts.useful + counts.useless;
  return total === 0 ? 0 : (counts.useful - counts.useless) / (total + prior);
}
