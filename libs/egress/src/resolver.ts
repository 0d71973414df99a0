import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to; throws when it does not resolve. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
};

export class ResolveOverrideError extends Error {
  override readonly name = 'ResolveOverrideError';
}

/**
 * Parses `EGRESS_RESOLVE`: `name=address` pairs, comma separated (like curl's --resolve). Pinned
 * names are answered from this table; everything else goes to DNS. The policy still judges the
 * pinned address, so a pin cannot open the way to an internal address.
 */
export function parseResolveOverrides(text: string): ReadonlyMap<string, string[]> {
  const table = new Map<string, string[]>();
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, address] = entry.split('=').map((p) => p.trim().toLowerCase());
    if (!name || !address) throw new ResolveOverrideError(`"${entry}" is not name=address`);
    table.set(name, [...(table.get(name) ?? []), address]);
  }
  return table;
}

/** A resolver that answers pinned names from `overrides` and asks `fallback` for the rest. */
export function withOverrides(
  overrides: ReadonlyMap<string, readonly string[]>,
  fallback: Resolver = systemResolver,
): Resolver {
  return (hostname) => {
    const pinned = overrides.get(hostname.toLowerCase().replace(/\.$/, ''));
    return pinned ? Promise.resolve([...pinned]) : fallback(hostname);
  };
}
