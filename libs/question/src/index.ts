/**
 * @forage/question — the one reading of a user's question shared by the planner, processing, search and the verifier.
 * Pure: no I/O, no Nest. Modules are added here as they are written (composition, constraints, references).
 */
export * from './references/index.js';
