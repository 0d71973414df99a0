/**
 * IP literal parsing and classification, pure. Parsing accepts every form a resolver or URL
 * parser might accept (IPv4 as 1–4 parts in decimal, octal or hex; IPv6 with `::`, zone ids,
 * brackets and an embedded dotted quad) so that no spelling of an internal address slips past.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'unspecified'
  | 'metadata'
  | 'multicast'
  | 'reserved';

export type IpLiteral =
  { readonly family: 4; readonly value: number } | { readonly family: 6; readonly groups: readonly number[] };

/** Parses one IPv4 part the way inet_aton does: `0x…` hex, `0…` octal, else decimal. */
function parseIpv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part, 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return parseInt(part, 10);
  return null;
}

/** IPv4 in any inet_aton form (`127.1`, `0x7f.0.0.1`, `0177.0.0.1`, `2130706433`, trailing dot) as a uint32. */
export function parseIpv4(text: string): number | null {
  const body = text.endsWith('.') ? text.slice(0, -1) : text;
  if (body === '') return null;
  const parts = body.split('.');
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Part(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255)) return null;
  // the last part fills all the bytes the earlier parts left over
  if (last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

function parseStrictDottedQuad(text: string): number | null {
  if (!/^(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,2})){3}$/.test(text)) return null;
  const octets = text.split('.').map(Number);
  if (octets.some((o) => o > 255)) return null;
  return octets.reduce((sum, o) => sum * 256 + o, 0);
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups = text.split(':');
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** IPv6 (brackets and zone id allowed, `::` compression, trailing dotted quad) as eight 16-bit groups. */
export function parseIpv6(text: string): number[] | null {
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  if (!body.includes(':')) return null;
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseStrictDottedQuad(tail);
    if (v4 === null) return null;
    body = `${body.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + rest.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

/** The address a host names when it is an IP literal; null for a DNS name. */
export function parseIpLiteral(host: string): IpLiteral | null {
  const v6 = parseIpv6(host);
  if (v6) return { family: 6, groups: v6 };
  const v4 = parseIpv4(host);
  return v4 === null ? null : { family: 4, value: v4 };
}

const v4 = (dotted: string): number => parseStrictDottedQuad(dotted) ?? 0;

/** Most specific first: a single metadata address wins over the link-local block around it. */
const IPV4_RANGES: ReadonlyArray<readonly [base: number, prefix: number, kind: AddressClass]> = [
  [v4('169.254.169.254'), 32, 'metadata'], // AWS, GCP, Azure, OpenStack
  [v4('169.254.170.2'), 32, 'metadata'], // AWS ECS task metadata
  [v4('100.100.100.200'), 32, 'metadata'], // Alibaba Cloud
  [v4('192.0.0.192'), 32, 'metadata'], // Oracle Cloud
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'cgnat'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link_local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'], // includes 255.255.255.255
];

export function classifyIpv4(value: number): AddressClass {
  for (const [base, prefix, kind] of IPV4_RANGES) {
    const size = 2 ** (32 - prefix);
    if (value >= base && value < base + size) return kind;
  }
  return 'public';
}

const embeddedV4 = (hi: number, lo: number): number => hi * 65536 + lo;

export function classifyIpv6(groups: readonly number[]): AddressClass {
  const g = (i: number): number => groups[i] ?? 0;
  const zerosUpTo = (n: number): boolean => groups.slice(0, n).every((x) => x === 0);
  if (zerosUpTo(8)) return 'unspecified';
  if (zerosUpTo(7) && g(7) === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT), ::a.b.c.d (compatible): the IPv4 decides
  if (zerosUpTo(5) && g(5) === 0xffff) return classifyIpv4(embeddedV4(g(6), g(7)));
  if (zerosUpTo(4) && g(4) === 0xffff && g(5) === 0) return classifyIpv4(embeddedV4(g(6), g(7)));
  if (zerosUpTo(6)) return classifyIpv4(embeddedV4(g(6), g(7)));
  // NAT64 well-known prefix 64:ff9b::/96 reaches the IPv4 it embeds
  if (g(0) === 0x64 && g(1) === 0xff9b && g(2) === 0 && g(3) === 0 && g(4) === 0 && g(5) === 0) {
    return classifyIpv4(embeddedV4(g(6), g(7)));
  }
  if (g(0) === 0x2002) return classifyIpv4(embeddedV4(g(1), g(2))); // 6to4
  if (g(0) === 0xfd00 && g(1) === 0x0ec2 && groups.slice(2, 7).every((x) => x === 0) && g(7) === 0x254) {
    return 'metadata'; // AWS IMDS over IPv6
  }
  if ((g(0) & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((g(0) & 0xffc0) === 0xfe80) return 'link_local';
  if ((g(0) & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g(0) & 0xff00) === 0xff00) return 'multicast';
  if (g(0) === 0x2001 && g(1) === 0) return 'reserved'; // Teredo hides an IPv4 we cannot check
  if (g(0) === 0x2001 && g(1) === 0x0db8) return 'reserved'; // documentation
  if (g(0) === 0x0064 && g(1) === 0xff9b && g(2) === 1) return 'reserved'; // local-use NAT64
  if ((g(0) & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3
  return 'public';
}

export function classifyIp(literal: IpLiteral): AddressClass {
  return literal.family === 4 ? classifyIpv4(literal.value) : classifyIpv6(literal.groups);
}

/** The class of an address written as text, or null when the text is not an IP literal. */
export function classifyAddress(text: string): AddressClass | null {
  const literal = parseIpLiteral(text);
  return literal ? classifyIp(literal) : null;
}
