/**
 * Text helpers shared by normalisation, retrieval and answer extraction, on the project's one
 * tokeniser (`@forage/retrieval`): its words, stop words and stemmer, plus what answering needs on
 * top — words every question has ("also", "called", "named"…) as stop words, and irregular past
 * forms mapped to their verb ("rose" → "rise") so a question meets its sentence.
 */
import {
  isStopWord as isIndexStopWord,
  stem as indexStem,
  tokenize as indexTokenize,
  words as indexWords,
} from '@forage/retrieval';

/** Question words the shared tokeniser keeps (it serves search too) but answering ignores. */
const QUESTION_STOP_WORDS = new Set(
  `been has had any some all also only just being am he she his her him get got know use used uses using called named`.split(
    /\s+/,
  ),
);

/** Unicode NFKC and whitespace runs collapsed to one space: the canonical form of chunk text. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** Lower-case NFKC words (letters and digits), in order (the shared tokeniser's). */
export function words(text: string): string[] {
  return indexWords(text);
}

/** Index/query terms: the shared tokeniser's, without question words, irregular past forms mapped. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const t of indexTokenize(text)) if (!QUESTION_STOP_WORDS.has(t)) out.push(IRREGULAR.get(t) ?? t);
  return out;
}

export function isStopWord(word: string): boolean {
  const w = word.toLowerCase();
  return isIndexStopWord(w) || QUESTION_STOP_WORDS.has(w);
}

/** Common irregular past forms, so "rose" meets "rise" and "grew" meets "grow" (general English, not a thesaurus). */
const IRREGULAR = new Map(
  Object.entries({
    rose: 'rise',
    risen: 'rise',
    grew: 'grow',
    grown: 'grow',
    fell: 'fall',
    fallen: 'fall',
    began: 'begin',
    begun: 'begin',
    became: 'become',
    built: 'build',
    won: 'win',
    made: 'make',
    took: 'take',
    taken: 'take',
    gave: 'give',
    given: 'give',
    wrote: 'write',
    written: 'write',
    led: 'lead',
    held: 'hold',
    sold: 'sell',
    bought: 'buy',
    paid: 'pay',
    brought: 'bring',
    came: 'come',
    went: 'go',
    gone: 'go',
    ran: 'run',
    spoke: 'speak',
    spoken: 'speak',
    told: 'tell',
    thought: 'think',
    knew: 'know',
    known: 'know',
    drew: 'draw',
    drawn: 'draw',
    fought: 'fight',
    taught: 'teach',
    caught: 'catch',
    sent: 'send',
    spent: 'spend',
    lost: 'lose',
    met: 'meet',
    kept: 'keep',
    stood: 'stand',
    saw: 'see',
    seen: 'see',
    chose: 'choose',
    chosen: 'choose',
    flew: 'fly',
    flown: 'fly',
    struck: 'strike',
    beaten: 'beat',
    broke: 'break',
    broken: 'break',
    froze: 'freeze',
    frozen: 'freeze',
    shook: 'shake',
    swore: 'swear',
    sworn: 'swear',
    wore: 'wear',
    worn: 'wear',
    bore: 'bear',
    born: 'bear',
    lay: 'lie',
    lain: 'lie',
    hid: 'hide',
    hidden: 'hide',
  }),
);

/** The shared stemmer, with irregular past forms mapped to their verb. */
export function stem(word: string): string {
  return IRREGULAR.get(word) ?? indexStem(word);
}

/**
 * A comparison key for answers: the first number without separators when there is one
 * ("$1,234" ≡ "1234" ≡ "1,234 km²"), else the lower-case letters and digits.
 */
export function answerKey(text: string): string {
  const number = /\d[\d,.\u00a0\u202f\u2009]*/.exec(text.normalize('NFKC'))?.[0];
  if (number) return number.replace(/[^\d.]/g, '').replace(/\.$/, '');
  return words(text).join('');
}

/** Terminal escape sequences (ESC [ … final byte, ESC + one character) and other control or format characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[@-_]|[\p{Cc}\p{Cf}]/gu;

/** The question as a reader sees it: escape sequences and control characters are no words. */
export function readableQuestion(question: string): string {
  return question.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}
