import { getDomain } from 'tldts';

/** Query parameters that only track the visit; dropping them makes one page one URL. */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gclsrc',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref_src',
  'ref_url',
  'srsltid',
  'vero_id',
  'wickedid',
  'oly_anon_id',
  'oly_enc_id',
]);
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];

/**
 * One spelling per page: host lower-cased, default port, fragment and tracking parameters
 * dropped, remaining parameters sorted (stable for equal names). Null when not an http(s) URL.
 */
export function canonicalUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  const kept = [...url.searchParams.entries()].filter(([name]) => {
    const lower = name.toLowerCase();
    return !TRACKING_PARAMS.has(lower) && !TRACKING_PREFIXES.some((p) => lower.startsWith(p));
  });
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  url.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  return url.href;
}

/**
 * The registrable domain (eTLD+1, public suffix list): `news.bbc.co.uk` → `bbc.co.uk`. IP
 * addresses and single-label hosts are returned as they are.
 */
export function registrableDomain(urlOrHost: string): string {
  const host = hostOf(urlOrHost);
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** The host with the `www.` / `m.` / `mobile.` prefixes folded: one site, whichever edition linked. */
export function siteHost(urlOrHost: string): string {
  return hostOf(urlOrHost).replace(/^(?:www\d*|m|mobile)\./, '');
}

function hostOf(urlOrHost: string): string {
  try {
    return new URL(urlOrHost).hostname.toLowerCase();
  } catch {
    return urlOrHost.toLowerCase().replace(/\.$/, '');
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ntilde: 'ñ',
};

/** Plain text from a provider's title or snippet: tags removed, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]{0,500}>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const SEPARATOR = /\s+(?:\||-|–|—|·|•|::|»)\s+|:\s+/;

/**
 * The title without the site's branding: a leading or trailing segment (split on | – — · »)
 * that names the site, judged by comparing its letters with the domain's label. A title that
 * is only branding is kept as it is.
 */
export function stripBranding(title: string, url: string): string {
  const parts = title
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return title.trim();
  const label = registrableDomain(url).split('.')[0] ?? '';
  const names = new Set([squash(label), squash(siteHost(url))]);
  const isBrand = (part: string): boolean => {
    const s = squash(part);
    if (s.length < 2) return false;
    return [...names].some(
      (n) => n.length >= 2 && (s === n || s.startsWith(n) || (n.startsWith(s) && s.length >= 4)),
    );
  };
  const last = parts[parts.length - 1] ?? '';
  const first = parts[0] ?? '';
  if (isBrand(last)) parts.pop();
  else if (isBrand(first)) parts.shift();
  return parts.join(' – ');
}

function squash(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '');
}
