/**
 * @forage/app-search: what tooling outside the app may use (benchmarks, evaluations): the pure
 * ranking and normalisation stages, and starting the service in-process.
 */
export { startSearchService } from './service.js';
export { loadSearchConfig, type SearchConfig } from './config.js';
export {
  rankLocal,
  titleMention,
  DEFAULT_LOCAL_WEIGHTS,
  type LocalRankingWeights,
  type LocalHit,
} from './core/local-rank.js';
export { scoreResult, DEFAULT_RANKING_WEIGHTS, type RankingWeights } from './core/rank.js';
export { normalizeHits } from './core/merge-results.js';
export type { LocalDocument } from './core/local-document.js';
