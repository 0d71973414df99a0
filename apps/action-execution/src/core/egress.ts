import { BlockList, isIP } from 'node:net';

/** Allowed, denied with a reason, or allowed only if the host's addresses are public. */
export type EgressDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny'; readonly reason: string }
  | { readonly kind: 'resolve'; readonly hostname: string };

export type EgressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/** Schemes with no network request behind them (chrome-error: is the browser's own error page). */
const LOCAL_SCHEMES = new Set(['about:', 'data:', 'blob:', 'chrome-error:']);

const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local (cloud metadata), CGNAT, multicast and reserved addresses. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return nonPublic.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return mapped ? nonPublic.check(mapped, 'ipv4') : nonPublic.check(address, 'ipv6');
  }
  return true;
}

/**
 * The egress rule before any lookup: http(s) only; an allowlisted origin passes; a literal
 * address must be public; `localhost` never is; any other name must resolve to public addresses.
 * `allowLocalSchemes` admits those schemes for URLs the page reaches by itself.
 */
export function decideEgress(input: {
  url: string;
  allowlist: ReadonlySet<string>;
  allowLocalSchemes?: boolean;
}): EgressDecision {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { kind: 'deny', reason: 'not a valid URL' };
  }
  if (input.allowLocalSchemes && LOCAL_SCHEMES.has(url.protocol)) return { kind: 'allow' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'deny', reason: `scheme ${url.protocol} is not allowed (http and https only)` };
  }
  if (input.allowlist.has(url.origin)) return { kind: 'allow' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isIP(host) !== 0) {
    return isNonPublicAddress(host)
      ? { kind: 'deny', reason: nonPublicReason(url.origin, host) }
      : { kind: 'allow' };
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return { kind: 'deny', reason: nonPublicReason(url.origin, 'loopback') };
  }
  return { kind: 'resolve', hostname: host };
}

/** The verdict for a host name once its addresses are known: every one must be public. */
export function verdictForAddresses(input: { origin: string; addresses: readonly string[] }): EgressVerdict {
  if (input.addresses.length === 0) return { allowed: false, reason: `${input.origin} did not resolve` };
  const bad = input.addresses.find(isNonPublicAddress);
  return bad ? { allowed: false, reason: nonPublicReason(input.origin, bad) } : { allowed: true };
}

function nonPublicReason(origin: string, address: string): string {
  return `${origin} is a non-public address (${address}) and not in EGRESS_ALLOWLIST`;
}
