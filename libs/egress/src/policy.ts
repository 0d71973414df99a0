import { NEVER_ALLOWED_CLASSES } from './allowed-origin.js';
import { classifyAddress, type AddressClass } from './ip-address.js';

/**
 * The egress policy, pure: which URLs may be fetched, given the addresses their host resolved
 * to. Resolving names and connecting belong to EgressProxy, which connects only to an address
 * this policy accepted, so what is checked is what is connected to.
 */

/** One allowlist entry: an origin (`http://127.0.0.1:41001`) or a host with an optional port. */
export interface AllowRule {
  readonly scheme: 'http' | 'https' | null;
  readonly host: string;
  readonly port: number | null;
}

export class AllowlistEntryError extends Error {
  override readonly name = 'AllowlistEntryError';
}

export type EgressVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly reason: 'scheme' | 'address' | 'unresolvable' | 'credentials' | 'denylisted';
      readonly detail: string;
      /** With reason `address`: the class of the address that was refused. */
      readonly addressClass?: AddressClass;
    };

/** The user's settings that allow an internal origin, named in every refusal that one could lift. */
export const ALLOW_SETTING_HINT =
  'forage up --allow <origin>, FORAGE_ALLOW, or EGRESS_ALLOWLIST for one service';

const WEB_SCHEMES = new Set(['http:', 'https:']);
/** Cloud metadata services reached by name (their addresses are also denied by range). */
const METADATA_HOSTS = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
  'metadata.platformequinix.com',
]);

/** Schemes a page resolves in-process; they never open a connection. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function parseAllowEntry(entry: string): AllowRule {
  if (entry.includes('*')) {
    throw new AllowlistEntryError(`"${entry}" is a wildcard; list each origin (scheme://host[:port])`);
  }
  const hasScheme = entry.includes('://');
  let url: URL;
  try {
    url = new URL(hasScheme ? entry : `http://${entry}`);
  } catch {
    throw new AllowlistEntryError(`"${entry}" is not an origin or host:port`);
  }
  if (!WEB_SCHEMES.has(url.protocol)) throw new AllowlistEntryError(`"${entry}" must be http or https`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw new AllowlistEntryError(
      `"${entry}" must be an origin (scheme://host[:port]), without path, address range, query or credentials`,
    );
  }
  const explicitPort = hasScheme ? effectivePort(url) : url.port === '' ? null : Number(url.port);
  return {
    scheme: hasScheme ? (url.protocol === 'https:' ? 'https' : 'http') : null,
    host: url.hostname,
    port: explicitPort,
  };
}

/** Parses `EGRESS_ALLOWLIST`: comma-separated origins or `host[:port]`; a bare host allows every port. */
export function parseAllowlist(text: string): AllowRule[] {
  return text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map(parseAllowEntry);
}

export function isAllowlisted(url: URL, rules: readonly AllowRule[]): boolean {
  const scheme = url.protocol.slice(0, -1);
  const port = effectivePort(url);
  return rules.some(
    (r) =>
      r.host === url.hostname &&
      (r.scheme === null || r.scheme === scheme) &&
      (r.port === null || r.port === port),
  );
}

/** The IP literal a URL's host is, without brackets; null when the host is a DNS name to resolve. */
export function literalHost(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return classifyAddress(host) === null ? null : host;
}

/**
 * Whether the policy needs the host's addresses to decide: a web URL whose host is a DNS name.
 * Allowlisted names too, since what they resolve to may be a class no allow list opens.
 */
export function needsResolution(url: URL, _rules?: readonly AllowRule[]): boolean {
  return WEB_SCHEMES.has(url.protocol) && literalHost(url) === null;
}

/**
 * Decides one request. `addresses` are what the host resolved to (every one must be public);
 * null means the lookup failed. IP-literal hosts are judged on the literal itself.
 */
export function decideEgress(input: {
  url: URL;
  addresses: readonly string[] | null;
  allowlist: readonly AllowRule[];
  /** Domains never fetched, with their subdomains (EGRESS_DENYLIST). */
  denylist?: readonly string[];
}): EgressVerdict {
  const { url, allowlist } = input;
  if (LOCAL_SCHEMES.has(url.protocol)) return { allowed: true };
  const early = decideByName(url, input.denylist ?? []);
  if (early) return early;
  const allowlisted = isAllowlisted(url, allowlist);
  const literal = literalHost(url);
  const addresses = literal === null ? input.addresses : [literal];
  if (addresses === null || addresses.length === 0) {
    return { allowed: false, reason: 'unresolvable', detail: `${url.hostname} did not resolve` };
  }
  for (const address of addresses) {
    const kind: AddressClass = classifyAddress(address) ?? 'reserved';
    if (kind === 'public' || (allowlisted && !NEVER_ALLOWED_CLASSES.has(kind))) continue;
    const label = `a ${kind.replace('_', '-')} address`;
    const what =
      literal === null ? `${url.hostname} resolves to ${address}, ${label}` : `${url.host} is ${label}`;
    const remedy = NEVER_ALLOWED_CLASSES.has(kind)
      ? 'never fetched, whatever is allowed'
      : `not allowed; allow its origin with ${ALLOW_SETTING_HINT.replace('<origin>', url.origin)}`;
    return { allowed: false, reason: 'address', detail: `${what}, ${remedy}`, addressClass: kind };
  }
  return { allowed: true };
}

/**
 * What can be decided from the URL alone, before any lookup: scheme, credentials, denylisted
 * domains and metadata host names. Returns undefined when the addresses must decide.
 */
export function decideByName(url: URL, denylist: readonly string[]): EgressVerdict | undefined {
  if (!WEB_SCHEMES.has(url.protocol)) {
    return { allowed: false, reason: 'scheme', detail: `scheme ${url.protocol} is not allowed` };
  }
  if (url.username !== '' || url.password !== '') {
    return { allowed: false, reason: 'credentials', detail: 'URLs with credentials are not fetched' };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) {
    return {
      allowed: false,
      reason: 'address',
      detail: `${host} is a cloud metadata service, never fetched, whatever is allowed`,
      addressClass: 'metadata',
    };
  }
  const denied = denylist.find((d) => host === d || host.endsWith(`.${d}`));
  if (denied)
    return { allowed: false, reason: 'denylisted', detail: `${host} is in EGRESS_DENYLIST (${denied})` };
  return undefined;
}

/** Parses `EGRESS_DENYLIST`: comma-separated domains, each also denying its subdomains. */
export function parseDenylist(text: string): string[] {
  return text
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^\*\./, '').replace(/\.$/, ''))
    .filter(Boolean);
}
