/**
 * @forage/question — the one reading of a user's question shared by the planner, processing, search and the verifier.
 * Pure: no I/O, no Nest.
 */
export * from './references/index.js';
export type {
  AnswerType,
  AttributeBound,
  Bound,
  Constraints,
  Hop,
  HopChain,
  Order,
  QuestionReading,
  QuestionShape,
  SetOperation,
  SetQuestion,
} from './model.js';
export { readQuestion } from './read.js';
export { constraintsOf, NO_CONSTRAINTS } from './constraints.js';
export { hopChainOf, hopQuestion } from './hops.js';
export { setQuestionOf } from './sets.js';
export { answerTypeOf } from './answer-type.js';
export { choiceOptions } from './choice.js';
export { entityOf, isName, mentionsIn } from './entities.js';
export { SUPERLATIVES, superlativeIn, type Superlative } from './superlatives.js';
export {
  ATTRIBUTES,
  attributeOf,
  attributeScore,
  labelNames,
  pageLabelFor,
  pageLabels,
  type Attribute,
} from './attributes.js';
export { askedAttribute, joinRestrictions } from './wording.js';
export { LIST_SPLIT, NAME, QUESTION_WORDS, STOP, countOf, singular } from './words.js';
export {
  readInstruction,
  refOf,
  type ElementKind,
  type ElementRef,
  type InstructionStep,
} from './instruction.js';
export {
  readDate,
  isoDate,
  dateInFormat,
  monthsBetween,
  monthOf,
  MONTH_NAMES,
  type CalendarDate,
} from './dates.js';
