import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to; throws when it does not resolve. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
};
