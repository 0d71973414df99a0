/**
 * What kind of value answers a question — the one reading of it, for the question model, the
 * planner and processing. Read from general English question forms (the question word, the noun
 * after "what/which", a quantity noun) and, when one was read, the attribute asked; nothing about
 * any site or benchmark question.
 */
import { ATTRIBUTES } from './attributes.js';
import type { AnswerType } from './model.js';

const AUXILIARY =
  /^(is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|shall|may|might|must|isn't|aren't|wasn't|doesn't|don't|didn't)\b/;
const HOW_QUANTITY =
  /\bhow\s+(many|much|long|far|tall|high|big|large|old|heavy|deep|wide|often|fast|hot|cold)\b/;
const WHEN =
  /\bwhen\b|\b(what|which|in what|in which)\s+(years?|dates?|day|month|century|decade|era|period|time\s?frame|time period|span of years)\b/;
const LIST =
  /^(please\s+)?(list|enumerate|recommend)\b|^(name|give|show|find|tell)\s+(me\s+)?(all|every|each|several|some|the\s+\d+|\d+)\b|\b(all|every)\s+(the\s+)?[\p{L}-]+s\b.*\b(that|which|with|in|on)\b|^(which|what)\s+[\p{L}-]+s\s+(are|have|offer|include|were|do)\b/u;
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
/** Quantity nouns whose value is an amount of money. */
const MONEY_NOUNS = /\b(price|cost|fee|fare|salary|budget|revenue|income)\b/;

/** The type of an attribute's value, where its kind alone does not say (numeric attributes: a number). */
const ATTRIBUTE_TYPES: Readonly<Record<string, AnswerType>> = {
  price: 'money',
  founded: 'date',
  born: 'date',
  died: 'date',
  date: 'date',
  capital: 'place',
  address: 'place',
  author: 'person',
  designer: 'person',
  brand: 'name',
  currency: 'name',
  language: 'name',
  sku: 'name',
  availability: 'text',
};

/**
 * The answer type of a question, given the attribute it asks when one was read: list / name all →
 * list, "define" / "what does X mean" → definition, when / what year → date, how many → count (a
 * number when an attribute is counted), how much → money, other "how big/far/old…" → number, who →
 * person ("who is Ada Lovelace?" asks for a description), where / which city → place, the
 * attribute's own type, a quantity noun → number or money, is / does / can … → boolean, "what is X"
 * for a bare X → definition, anything else → text ("what is the name of …": name).
 */
export function answerTypeOf(question: string, attribute?: string): AnswerType {
  const q = question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}?'’ -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (LIST.test(q)) return 'list';
  if (MEANING.test(q)) return 'definition';
  if (WHEN.test(q)) return 'date';
  if (/\bhow many\b/.test(q)) return attribute ? 'number' : 'count';
  if (/\bhow much\b/.test(q)) return attribute && attribute !== 'price' ? 'number' : 'money';
  if (HOW_QUANTITY.test(q)) return 'number';
  // "who is Ada Lovelace?" asks for a description; "who is the release manager?" for a person
  if (ASKS_WHO.test(q) && (!DEFINITION.test(q) || ROLE_QUESTION.test(q))) return 'person';
  if ((/\bwhere\b|\baddress\b/.test(q) && attribute !== 'address') || PLACE_NOUN.test(q)) return 'place';
  // "what is the name of …" asks for a name, whatever quantity words its description holds
  if (/^(what|which) (is|was|are|were) the names? of\b/.test(q)) return 'name';
  if (attribute) {
    const typed = ATTRIBUTE_TYPES[attribute];
    if (typed) return typed;
    if (ATTRIBUTES.find((a) => a.id === attribute)?.numeric) return 'number';
  }
  if (QUANTITY_NOUNS.test(q) && !/^(who|which)\b/.test(q)) return MONEY_NOUNS.test(q) ? 'money' : 'number';
  if (AUXILIARY.test(q) && !/\bor\b/.test(q)) return 'boolean';
  if (
    DEFINITION.test(q) &&
    !/\b(of|in|on|at|for|from|by|with|to)\b/.test(q.replace(/^what (is|are|was|were) /, ''))
  )
    return 'definition';
  return 'text';
}
