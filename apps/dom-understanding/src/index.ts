/**
 * @forage/app-dom-understanding: what tooling outside the app may use (benchmarks, evals): the pure
 * page readers, without the service around them.
 */
export { parseHtml } from '@forage/html';
export { readStructuredData } from './core/listings/structured-data.js';
export { readProductPage } from './core/listings/product-page.js';
export { chunkDocument } from './core/chunks.js';
