/**
 * @forage/app-cli: what tooling outside the CLI may use (benchmarks): the crawl command and the
 * renderer it asks the stack with.
 */
export { crawlCommand, EX_TEMPFAIL, type CrawlCommandInput } from './commands/crawl.js';
export { connectCrawlRenderer } from './crawl/adapters/stack-renderer.js';
