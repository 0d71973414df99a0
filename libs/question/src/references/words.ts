/**
 * The English grammar of references to an earlier turn, written once: which words point back,
 * and which uses of them do not (the "it" of "is it true", the "there" of "are there").
 */

/** Words that open a follow-up and carry no meaning of their own ("And what is …?"). */
export const CONNECTIVES = ['and', 'so', 'also', 'then', 'but', 'ok', 'okay', 'now'] as const;

/** Question words and auxiliaries: a reply that starts with one is a whole clause, not an ellipsis. */
export const CLAUSE_OPENERS = [
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'where',
  'when',
  'why',
  'how',
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
  'will',
  'would',
  'has',
  'have',
  'had',
  'list',
  'name',
  'find',
  'show',
  'tell',
  'give',
] as const;

/** Where a noun phrase after "its"/"their" ends. */
export const PHRASE_STOPS = new Set([
  'is',
  'was',
  'are',
  'were',
  'be',
  'been',
  'in',
  'of',
  'on',
  'at',
  'for',
  'from',
  'by',
  'with',
  'and',
  'or',
  'than',
  'to',
  'called',
  'named',
  'today',
  'now',
  'currently',
  'as',
  'that',
  'which',
  'there',
]);

/** Ordinal words and numerals by the index they pick (0-based); `last` is handled apart. */
export const ORDINALS: Readonly<Record<string, number>> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
  sixth: 5,
  '6th': 5,
  seventh: 6,
  '7th': 6,
  eighth: 7,
  '8th': 7,
  ninth: 8,
  '9th': 8,
  tenth: 9,
  '10th': 9,
};

/** Nouns that stand for "one of the list" after an ordinal ("the second one", "the third result"). */
export const LIST_NOUNS = ['one', 'item', 'result', 'option', 'entry', 'choice', 'of them'] as const;

/** Nouns that stand for a place after "that"/"this"/"the same" ("that city"). */
export const PLACE_NOUNS = [
  'place',
  'city',
  'town',
  'village',
  'country',
  'region',
  'capital',
  'state',
  'province',
  'island',
] as const;

/** Attributes whose value is a place: after asking one, "there" means the answer. */
export const PLACE_ATTRIBUTES = new Set(['capital', 'address', 'location', 'headquarters', 'birthplace']);

/** "it" that stands for nothing ("is it true", "how long does it take", "what time is it"). */
export const DUMMY_IT = [
  /\bis\s+it\s+(?:true|possible|likely|worth|safe|legal|necessary|better)\b/i,
  /\bit\s+(?:takes?|took|costs?\s+to|rains?|snows?|seems?|appears?)\b/i,
  /\bwhat\s+time\s+is\s+it\b/i,
] as const;

/** "there" that says something exists ("are there …", "there is …"): not a place. */
export const EXISTENTIAL_THERE = [
  /\b(?:is|are|was|were|be|been|any)\s+there\b/i,
  /\bthere\s+(?:is|are|was|were|be|'s|’s|exist|exists|remain)\b/i,
] as const;
