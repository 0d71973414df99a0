import { classifyAddress, type AddressClass } from './ip-address.js';

/**
 * What a user may allow by name (`forage up --allow`, `FORAGE_ALLOW`): one origin, scheme + host
 * + port, and nothing wider. Wildcards, address ranges and paths are refused, and so are the
 * address classes no allow list can open (link-local, cloud metadata, unspecified, multicast).
 */

export const ALLOWED_ORIGIN_FORM =
  'scheme://host[:port] with scheme http or https, e.g. http://127.0.0.1:8080 or https://wiki.intranet.example';

/** Addresses never fetched, whatever is allowed: a name can be allowed, these classes cannot. */
export const NEVER_ALLOWED_CLASSES: ReadonlySet<AddressClass> = new Set<AddressClass>([
  'link_local',
  'metadata',
  'unspecified',
  'multicast',
]);

export class AllowedOriginError extends Error {
  override readonly name = 'AllowedOriginError';
}

function refuse(entry: string, why: string): never {
  throw new AllowedOriginError(`"${entry}" is not an allowed origin: ${why}; use ${ALLOWED_ORIGIN_FORM}`);
}

/** The address class of an IP-literal host (brackets stripped), or null for a DNS name. */
export function hostAddressClass(hostname: string): AddressClass | null {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return classifyAddress(host);
}

/**
 * Parses one user-allowed origin and returns it in canonical form (`URL.origin`, which drops a
 * scheme's default port). Throws an AllowedOriginError saying which form is accepted.
 */
export function parseAllowedOrigin(entry: string): string {
  const text = entry.trim();
  if (text === '') refuse(entry, 'it is empty');
  if (text.includes('*')) refuse(entry, 'wildcards are not accepted, name each origin');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) refuse(entry, 'it has no scheme');
  if (scheme !== 'http' && scheme !== 'https') refuse(entry, `scheme ${scheme} is not fetched`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    refuse(entry, 'it does not parse as a URL');
  }
  if (url.username !== '' || url.password !== '') refuse(entry, 'credentials are not part of an origin');
  if (url.search !== '' || url.hash !== '') refuse(entry, 'a query or fragment is not part of an origin');
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text)) {
    refuse(entry, 'a path or an address range (CIDR) is not part of an origin');
  }
  const kind = hostAddressClass(url.hostname);
  if (kind !== null && NEVER_ALLOWED_CLASSES.has(kind)) {
    refuse(entry, `${url.hostname} is a ${kind.replace('_', '-')} address, which is never fetched`);
  }
  return url.origin;
}

/** Parses a comma-separated or repeated list of allowed origins; duplicates are dropped. */
export function parseAllowedOrigins(entries: readonly string[]): string[] {
  const origins = entries
    .flatMap((e) => e.split(','))
    .map((e) => e.trim())
    .filter(Boolean)
    .map(parseAllowedOrigin);
  return [...new Set(origins)];
}
