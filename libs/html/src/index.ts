/** @forage/html: HTML text helpers shared by services that read stored DOM snapshots. */
export * from './text.js';
export * from './sentences.js';
