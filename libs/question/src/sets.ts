/** Questions over a set: superlatives, top-k, counts, sums and averages, constrained listings. */
import { ATTRIBUTES, attributeOf } from './attributes.js';
import { constraintsOf } from './constraints.js';
import type { Constraints, SetOperation, SetQuestion } from './model.js';
import { orderOfSuperlative, superlativeIn } from './superlatives.js';
import { COUNT_WORD, STOP, countOf, isPlural, singular } from './words.js';

/** Plural nouns that count a quantity of one thing, not members of a set ("how many people live in X"). */
const QUANTITY_NOUNS =
  /^(?:people|persons|inhabitants|residents|citizens|seats|spectators|years|days|hours|minutes|km|kilometres|kilometers|miles|metres|meters|dollars|euros|pounds|percent|times|stars|points|calories|words|pages|employees|members|students|visitors|rooms|beds|guests)$/i;
/** Words before a plural noun that do not narrow it to a category. */
const NOT_CATEGORY =
  /^(?:cheap|cheapest|affordable|good|nice|best|top|great|all|some|any|available|other|different|many|several|the|few|more|most|recent|new|newest|latest|popular|\d+|one|two|three|four|five|six|seven|eight|nine|ten|first|last|highest-rated|best-rated|top-rated|lowest-rated|rated|expensive|priciest|largest|smallest|biggest|oldest|least|lowest|highest)$/i;

interface Noun {
  readonly word: string;
  readonly index: number;
  readonly category?: string;
}

/** The plural noun a listing or set question is about: "hotels", "hiking tents" (category "hiking"). */
function pluralNoun(text: string, from = 0): Noun | undefined {
  const re = /\b([a-z][a-z-]+)\b/gi;
  re.lastIndex = from;
  let previous: string | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const written = m[1] ?? '';
    const word = written.toLowerCase();
    // a capitalised word inside the question is a name ("Grand Hotels"), not the noun of a set
    if (m.index > 0 && /^\p{Lu}/u.test(written)) {
      previous = undefined;
      continue;
    }
    if (
      !STOP.has(word) &&
      isPlural(word) &&
      !QUANTITY_NOUNS.test(word) &&
      !attributeOf(word) &&
      !/ss$/.test(word)
    ) {
      const category =
        previous && !NOT_CATEGORY.test(previous) && !STOP.has(previous) && !attributeOf(previous)
          ? previous
          : undefined;
      return { word, index: m.index, ...(category ? { category } : {}) };
    }
    previous = word;
  }
  return undefined;
}

/** The singular or plural noun right after a position ("cheapest hotel in X" → hotel). */
function nounAfter(text: string, index: number): Noun | undefined {
  const m = new RegExp(`^\\s+(?:(${COUNT_WORD})\\s+)?([a-z][a-z-]+)\\b`, 'i').exec(text.slice(index));
  const word = m?.[2]?.toLowerCase();
  if (!m || !word || STOP.has(word) || attributeOf(word)) return undefined;
  return { word, index: index + m[0].length - word.length };
}

function withCategory(constraints: Constraints, noun: Noun): Constraints {
  return noun.category && !constraints.category ? { ...constraints, category: noun.category } : constraints;
}

function countQuestion(text: string, constraints: Constraints): SetQuestion | undefined {
  const m =
    /^(?:how many|count(?: the)?|what is the number of|what number of)\s+(?:of\s+the\s+)?([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?\b/i.exec(
      text,
    );
  if (!m?.[1]) return undefined;
  // "how many hiking tents": a category before the noun; "how many hotels in": the noun first
  const twoWords = m[2] !== undefined && isPlural(m[2]) && !isPlural(m[1]);
  const noun = (twoWords ? (m[2] ?? '') : m[1]).toLowerCase();
  if (!isPlural(noun) || QUANTITY_NOUNS.test(noun)) return undefined;
  // "how many people live in the three largest cities" asks a sum, not a count
  const category = twoWords && !NOT_CATEGORY.test(m[1]) ? m[1].toLowerCase() : undefined;
  return {
    noun: singular(noun),
    operation: { kind: 'count' },
    constraints: category && !constraints.category ? { ...constraints, category } : constraints,
  };
}

/** "What is the average price of hotels in X?", "the total population of the countries in Y". */
function sumQuestion(text: string, constraints: Constraints): SetQuestion | undefined {
  const m =
    /\b(total|combined|sum of the|sum of|overall|average|mean|median)\s+([a-z][a-z -]*?)\s+(?:of|for|across|over)\s+(?:all\s+)?(?:the\s+)?/i.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  const attribute = attributeOf(m[2])?.id;
  const noun = pluralNoun(text, m.index + m[0].length);
  if (!attribute || !noun) return undefined;
  const kind = /average|mean|median/i.test(m[1]) ? 'average' : 'sum';
  const operation: SetOperation = { kind, attribute };
  // over the top k of an order: "the total population of the three smallest countries"
  const top = topQuestion(text.slice(m.index + m[0].length), constraints);
  const ordered =
    top?.operation.kind === 'top' && !constraints.order
      ? { ...constraints, order: top.operation.order, count: constraints.count ?? top.operation.k }
      : constraints;
  return {
    noun: singular(noun.word),
    operation,
    asked: attribute,
    constraints: withCategory(ordered, noun),
  };
}

/**
 * "What is the population of the three smallest countries?", "Which are the three countries with
 * the smallest population?", "Which hotel in X has the highest rating?", "the cheapest hotel in X",
 * "Name the five most populous cities".
 */
function topQuestion(text: string, constraints: Constraints): SetQuestion | undefined {
  const found = superlativeIn(text);
  if (!found) return undefined;
  const { superlative, index, length } = found;
  const before = text.slice(0, index);
  const after = text.slice(index + length);
  // the attribute right after the superlative ("the smallest population", "the highest inflation rate")
  const named = /^\s+([a-z][a-z -]*?)(?=[?.,]|\s+(?:of|in|among|and|with|for)\b|$)/i.exec(after)?.[1];
  const namedAttribute = named ? attributeOf(named)?.id : undefined;
  // the set's noun: right after the superlative ("the cheapest hotel"), or before it ("which three countries have the …")
  const nounAfterSup = namedAttribute ? undefined : nounAfter(text, index + length);
  const kBefore = new RegExp(`\\b(?:the|top|first)?\\s*(${COUNT_WORD})\\s+$`, 'i').exec(before)?.[1];
  const leadNoun = new RegExp(
    `^(?:which|what|name|list|find|show|give me)\\s+(?:(?:are|were|is|was)\\s+)?(?:the\\s+)?(?:(${COUNT_WORD})\\s+)?([a-z][a-z-]+)\\b`,
    'i',
  ).exec(text);
  const kLead = leadNoun?.[1] ? countOf(leadNoun[1]) : undefined;
  let noun: Noun | undefined = nounAfterSup;
  if (!noun && leadNoun?.[2] && !STOP.has(leadNoun[2].toLowerCase()) && !attributeOf(leadNoun[2]))
    noun = { word: leadNoun[2].toLowerCase(), index: leadNoun.index };
  if (!noun) noun = pluralNoun(text);
  if (!noun) return undefined;
  const member = singular(noun.word);
  // "the highest point of X", "the tallest building" as one attribute of a named thing: not a set
  const phrase = `${text.slice(index, index + length)} ${noun.word}`.toLowerCase();
  if (ATTRIBUTES.some((a) => a.terms.includes(phrase))) return undefined;
  // a "more/most" without a set ("Who has more …") is a comparison the planner reads elsewhere
  if (
    !superlative.by &&
    !namedAttribute &&
    /^(?:most|least|more|less|fewest)$/i.test(text.slice(index, index + length))
  )
    return undefined;
  const k =
    (kBefore ? countOf(kBefore) : undefined) ??
    kLead ??
    constraints.count ??
    (isPlural(noun.word) ? undefined : 1);
  const order = orderOfSuperlative({
    superlative,
    ...(namedAttribute ? { named: namedAttribute } : {}),
    noun: member,
  });
  // what is asked of the members: "the population of the three smallest countries" → population
  const askedMatch =
    /^(?:what|which)\s+(?:is|are|was|were)\s+the\s+([a-z][a-z -]*?)\s+of\s+(?:the\s+)?$/i.exec(
      before
        .replace(new RegExp(`(?:the\\s+)?(?:top\\s+|first\\s+)?${kBefore ?? '\\b\\B'}\\s+$`, 'i'), '')
        .replace(/\s*$/, ' '),
    );
  const asked = askedMatch?.[1] ? attributeOf(askedMatch[1])?.id : undefined;
  return {
    noun: member,
    operation: { kind: 'top', k: k ?? 1, order },
    ...(asked ? { asked } : {}),
    constraints: withCategory(constraints, noun),
  };
}

const LISTING_LEAD =
  /^(?:(?:please\s+)?(?:list|find|show|search for|search|get|give me|recommend|are there(?: any)?|which|what|i need|i want|looking for|i'm looking for)\s+(?:me\s+)?(?:all\s+|some\s+|the\s+|any\s+)?(?:of\s+the\s+)?)?/i;

/** "Hotels in X with free parking under $200", "List the papers by M. Kask", "hiking tents under $300". */
function listingQuestion(text: string, constraints: Constraints): SetQuestion | undefined {
  const lead = LISTING_LEAD.exec(text)?.[0] ?? '';
  const noun = pluralNoun(text, lead.length);
  if (!noun) return undefined;
  // the noun must come before the constraints: "what is the price of the hotels" is not a listing
  const between = text.slice(lead.length, noun.index);
  if (/\b(?:of|is|are|was|were|does|do|did)\b/i.test(between)) return undefined;
  const constrained =
    constraints.place ??
    constraints.price ??
    constraints.rating ??
    constraints.author ??
    constraints.category ??
    constraints.date ??
    noun.category ??
    (constraints.features.length > 0 || constraints.bounds.length > 0 || constraints.site ? true : undefined);
  const listed =
    /^(?:list|find|show|search|get|give me|recommend|are there|i need|i want|looking for|i'm looking for)\b/i.test(
      text,
    );
  if (!constrained && !listed) return undefined;
  return {
    noun: singular(noun.word),
    operation: { kind: 'filter' },
    constraints: withCategory(constraints, noun),
  };
}

/** The set a question is over and what it does with it; undefined when it asks about one named thing. */
export function setQuestionOf(
  question: string,
  constraints: Constraints = constraintsOf(question),
): SetQuestion | undefined {
  const text = question.trim().replace(/\s+/g, ' ');
  return (
    countQuestion(text, constraints) ??
    sumQuestion(text, constraints) ??
    topQuestion(text, constraints) ??
    listingQuestion(text, constraints)
  );
}
