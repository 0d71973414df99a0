/**
 * @forage/app-verifier: what tooling outside the app may use (benchmarks, evals): the pure judge
 * of a run's claims, without the service around it.
 */
export { judgeRun, readPage, type RunEvidence, type RunJudgement } from './core/judge.js';
export type { ChainVerdict, FetchedEvidence } from './core/inputs.js';
