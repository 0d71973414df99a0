/** References to an earlier turn of a thread, read into a self-contained question. */
export {
  readAgainstThread,
  type ReadAgainstThreadInput,
  type Reading,
  type ReferenceKind,
  type ThreadReading,
} from './resolve.js';
export { answersWithPlace, joinNames, listOf, type EarlierTurn } from './turns.js';
