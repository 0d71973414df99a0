/** @forage/main-content: the article body of an HTML page as clean text and Markdown, no browser. */
export { extractMainContent } from './extract.js';
export type { ExtractOptions, ExtractionStats, MainContent } from './types.js';
