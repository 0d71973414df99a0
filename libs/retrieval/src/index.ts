/** @forage/retrieval: one tokeniser/stemmer and one BM25 index for the whole project. */
export * from './tokenize.js';
export * from './bm25.js';
export * from './document-store.js';
export * from './page-text.js';
export * from './collect.js';
export * from './confidence.js';
