import { escapeHtml } from './html.js';
import type { SiteContent } from './types.js';

/** robots.txt; rendered per origin because its Sitemap line must be absolute. */
export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** Paths of the site's public HTML pages: what the sitemap lists. */
export function publicPaths(site: SiteContent): string[] {
  return [...site.pages.values()]
    .filter((p) => p.contentType.startsWith('text/html') && (p.status ?? 200) === 200 && p.listed !== false)
    .map((p) => p.path);
}

/** sitemap.xml with absolute URLs for `origin` (pages themselves only use root-relative links). */
export function renderSitemap(site: SiteContent, origin: string): string {
  const urls = publicPaths(site).map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
