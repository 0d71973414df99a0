import type { AnswerType } from '@forage/contracts';
import { answerTypeOf, type AnswerType as QuestionAnswerType } from '@forage/question';
import { readableQuestion } from './text.js';

export type { AnswerType };

/** The kind of span that answers each kind of value: processing reads spans, not amounts or counts. */
const SPAN_TYPES: Readonly<Record<QuestionAnswerType, AnswerType>> = {
  number: 'number',
  money: 'number',
  count: 'number',
  date: 'date',
  person: 'person',
  place: 'place',
  name: 'name',
  text: 'name',
  boolean: 'yes_no',
  list: 'list',
  definition: 'definition',
};

/**
 * The type of span that answers a question: the question model's reading of it (one grammar for
 * every service, `@forage/question`), as a kind of span.
 */
export function expectedAnswerType(question: string): AnswerType {
  return SPAN_TYPES[answerTypeOf(readableQuestion(question))];
}

const NUMBER_WORD =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion|dozen|half|several)\b/i;
const YES_NO = /^(yes|no|true|false|y|n)$/i;
/** A year or a span of years in words ("1974 to 1977", "from 1986 until 2013") names no person, place or thing. */
const YEARS = /^(?:from\s+)?\d{3,4}s?(?:\s*(?:[–—-]|to|until|till|through|and)\s*\d{2,4}s?)?$/iu;

/**
 * Whether a span can answer a question of the given type: a number must hold a digit or a number
 * word, a date a digit or a month, a yes/no question "yes" or "no", a list two items or more, a
 * definition a phrase of three words; a name, person or place is words that are not a bare yes/no
 * or a bare number.
 */
export function answerFits(type: AnswerType, span: string): boolean {
  const text = span.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return false;
  switch (type) {
    case 'number':
      return /\d/.test(text) || NUMBER_WORD.test(text);
    case 'date':
      return /\d/.test(text) || /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(text);
    case 'yes_no':
      return YES_NO.test(text);
    case 'list':
      return (
        /[,;]|\band\b/.test(text) &&
        text.split(/[,;]|\band\b/).filter((p) => /[\p{L}\p{N}]/u.test(p)).length >= 2
      );
    case 'definition':
      return text.split(/\s+/).length >= 3;
    default:
      return (
        !YES_NO.test(text) && /\p{L}/u.test(text) && !/^[\d\s.,%$€£-]+$/u.test(text) && !YEARS.test(text)
      );
  }
}
