/** Text helpers shared by normalisation, retrieval and answer extraction. */

const STOP_WORDS = new Set(
  `a an and are as at be been by for from has have had how in is it its of on or that the this to was were what when where which who whom
  whose why will with does do did can could should would me my i you your we our us they their them there than then so such into about
  over under per tell find show give list please much many get got know any some all also only just being am he she his her him
  use used uses using called named`.split(/\s+/),
);

/** Unicode NFKC and whitespace runs collapsed to one space: the canonical form of chunk text. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** Lower-case NFKC words (letters and digits), in order. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Index/query terms: words without stop words, lightly stemmed. */
export function tokenize(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
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

/** A deliberately light suffix stripper: plurals (and irregular past forms), so "inhabitants" meets "inhabitant". */
export function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
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
