/**
 * @forage/app-processing: what tooling outside the app may use (benchmarks, evals): the pure
 * answer path, without the service around it.
 */
export { answerHeuristically, type AnswerInput, type AnswerOutcome } from './core/heuristic-answer.js';
export { expectedAnswerType, answerFits } from './core/answer-type.js';
export { indexChunks, indexOf, searchChunks, retrieve, type ChunkIndex } from './core/retrieval.js';
export { analyzeQuestion } from './core/question.js';
export { processListingPages } from './core/listings/process-listings.js';
export { supportingSentences, type SupportingSentence } from './core/support.js';
