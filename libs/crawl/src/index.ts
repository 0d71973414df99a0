/** @forage/crawl: the crawl `forage crawl` and `POST /v1/crawls` share — scope, frontier, page outcomes, the loop. */
export { scopeOf, compilePattern, type CrawlScope, type ScopeVerdict } from './scope.js';
export { Frontier, type CrawlLimits, type FoundUrl, type FrontierCounts } from './frontier.js';
export {
  crawledPageSchema,
  pageExtractionOf,
  isFailed,
  pageFileOf,
  type CrawledPage,
} from './page-record.js';
export { failedPage, judgePage, type PageResult } from './page-outcome.js';
export { parseSitemap, type SitemapContent } from './sitemap.js';
export { crawlSite, type CrawlJournal, type CrawlOptions, type CrawlSummary } from './crawl-site.js';
