/** A sitemap file read: the pages it lists, or the further sitemaps a sitemap index points to. */
export interface SitemapContent {
  readonly kind: 'urlset' | 'index';
  readonly locations: string[];
}

/** Reads a sitemaps.org XML file (urlset or sitemapindex); `<loc>` values are XML-unescaped. */
export function parseSitemap(xml: string): SitemapContent {
  const kind = /<sitemapindex[\s>]/i.test(xml) ? 'index' : 'urlset';
  const locations = [
    ...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)\s*(?:\]\]>)?\s*<\/loc>/gi),
  ].flatMap((m) => (m[1] ? [decodeXml(m[1])] : []));
  return { kind, locations };
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
