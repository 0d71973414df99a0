import type { CheckResult, Claim } from '@forage/contracts';

function key(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href.replace(/\/$/, '');
}

/**
 * The evidence comes from where the question set it: for a question about the page the user gave,
 * that page (or, when the question asks to follow its links, a page of the same site). Anything
 * else is out of scope, however true it is elsewhere.
 */
export function checkScope(input: { claim: Claim }): CheckResult | undefined {
  const scope = input.claim.scope;
  if (scope?.kind !== 'page' || !scope.urls || scope.urls.length === 0) return undefined;
  const cited = input.claim.source.url;
  const allowed = scope.urls.map(key);
  if (allowed.includes(key(cited)))
    return { name: 'scope', passed: true, detail: `from the page asked about (${cited})` };
  const origins = scope.urls.map((u) => new URL(u).origin);
  if (scope.followLinks && origins.includes(new URL(cited).origin))
    return { name: 'scope', passed: true, detail: `from ${cited}, a page of the site asked about` };
  return {
    name: 'scope',
    passed: false,
    detail: `out_of_scope: the evidence is from ${cited}, not the page asked about (${scope.urls.join(', ')})`,
  };
}
