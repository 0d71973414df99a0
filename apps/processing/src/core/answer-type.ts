import type { AnswerType } from '@forage/contracts';
import { readableQuestion } from './text.js';

export type { AnswerType };

const AUXILIARY =
  /^(is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|shall|may|might|must|isn't|aren't|wasn't|doesn't|don't|didn't)\b/;
const HOW_QUANTITY =
  /\bhow\s+(many|much|long|far|tall|high|big|large|old|heavy|deep|wide|often|fast|hot|cold)\b/;
const WHEN =
  /\bwhen\b|\b(what|which|in what|in which)\s+(years?|dates?|day|month|century|decade|era|period|time\s?frame|time period|span of years)\b/;
const LIST =
  /^(please\s+)?(list|enumerate)\b|^(name|give|show|find|tell)\s+(me\s+)?(all|every|each|several|some|the\s+\d+|\d+)\b|\b(all|every)\s+(the\s+)?[\p{L}-]+s\b.*\b(that|which|with|in|on)\b|^(which|what)\s+[\p{L}-]+s\s+(are|have|offer|include|were|do)\b/u;
const DEFINITION =
  /^(what|who)\s+(is|are|was|were)\s+(an?\s+|the\s+)?[\p{L}\p{N} '’-]{1,60}\??$|^define\b|^what\s+(does|do)\s+.+\s+mean\??$|^what\s+is\s+meant\s+by\b/u;
const ROLE_QUESTION = /^who\s+(is|are|was|were)\s+(the|an?)\s/u;
const MEANING = /^define\b|^what\s+(does|do)\s+.+\s+mean\??$|^what\s+is\s+meant\s+by\b/u;
/** "what city", also with one describing word between ("what coastal area", "which Canadian city"). */
const PLACE_NOUN =
  /\b(what|which|in what|in which)\s+(?:(?!surface\b|land\b|total\b|floor\b|water\b)[\p{L}-]+\s+)?(country|city|town|state|province|region|county|continent|island|village|place|location|area|district|river|mountain|ocean|sea|street|neighborhood|neighbourhood|suburb)\b/u;
/**
 * "who" / "whose" right after a noun opens a relative clause ("the woman who portrayed …", "the
 * university whose campus …"): it describes a thing the question names, it does not ask for a person.
 * Asking "who" stands at the start, after a preposition ("formed by who?") or ends the question.
 */
const ASKS_WHO =
  /^(?:(?:to|by|for|with|of|from)\s+)?who(?:m|se)?\b|\b(?:to|by|for|with|of|from|is|was|are|were)\s+who(?:m|se)?\b|\bwho(?:m)?\s*\??$/;

/** Nouns whose value is a quantity: "what is the population of …" asks for a number. */
const QUANTITY_NOUNS =
  /\b(population|price|cost|fee|fare|rate|number|count|area|size|height|elevation|altitude|length|weight|amount|total|percentage|percent|gdp|revenue|income|salary|budget|temperature|distance|capacity|age|density|rainfall|depth|width|speed|duration|rating|score)\b/;

/**
 * The type of span that answers a question, read from its wording alone (general English question
 * forms, nothing about any site): who → person, where / which city → place, when / what year →
 * date, how many / how much / a quantity noun → number, is / does / can … → yes_no, "what is X" for
 * a bare X → definition, list / name all / which Xs are → list, anything else → name.
 */
export function expectedAnswerType(question: string): AnswerType {
  const q = readableQuestion(question)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}?'’ -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (LIST.test(q)) return 'list';
  if (MEANING.test(q)) return 'definition';
  if (WHEN.test(q)) return 'date';
  if (HOW_QUANTITY.test(q)) return 'number';
  // "who is Ada Lovelace?" asks for a description; "who is the release manager?" for a person
  if (ASKS_WHO.test(q) && (!DEFINITION.test(q) || ROLE_QUESTION.test(q))) return 'person';
  if (/\bwhere\b|\baddress\b/.test(q) || PLACE_NOUN.test(q)) return 'place';
  // "what is the name of …" asks for a name, whatever quantity words its description holds
  if (/^(what|which) (is|was|are|were) the names? of\b/.test(q)) return 'name';
  if (QUANTITY_NOUNS.test(q) && !/^(who|which)\b/.test(q)) return 'number';
  if (AUXILIARY.test(q) && !/\bor\b/.test(q)) return 'yes_no';
  if (
    DEFINITION.test(q) &&
    !/\b(of|in|on|at|for|from|by|with|to)\b/.test(q.replace(/^what (is|are|was|were) /, ''))
  )
    return 'definition';
  return 'name';
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
