import {
  answerReferent,
  itemReferent,
  latestTurn,
  placeReferent,
  pluralReferent,
  singularSubject,
  type EarlierTurn,
  type Referent,
} from './turns.js';
import {
  CLAUSE_OPENERS,
  CONNECTIVES,
  DUMMY_IT,
  EXISTENTIAL_THERE,
  LIST_NOUNS,
  ORDINALS,
  PHRASE_STOPS,
  PLACE_NOUNS,
} from './words.js';
import {
  FOREIGN_ABOUT,
  FOREIGN_CONNECTIVES,
  FOREIGN_PREPOSITIONS,
  FOREIGN_THERE,
  FRENCH_POSSESSIVES,
  GERMAN_DETERMINERS,
  GERMAN_POSSESSIVES,
  frenchArticle,
  frenchOf,
  germanGenitive,
} from './other-languages.js';

/** How one reference was read ("'its' = Xland, from turn 1"). */
export interface Reading {
  /** The words that refer back. */
  readonly reference: string;
  readonly value: string;
  /** The turn it came from; null when the user named it when asked. */
  readonly turn: number | null;
  readonly note: string;
}

export type ReferenceKind = 'pronoun' | 'place' | 'ordinal' | 'ellipsis';

/** A question read against the earlier turns of its thread. */
export type ThreadReading =
  | { readonly status: 'self-contained'; readonly question: string; readonly readings: readonly [] }
  | { readonly status: 'resolved'; readonly question: string; readonly readings: readonly Reading[] }
  | {
      readonly status: 'unresolved';
      readonly reference: string;
      readonly kind: ReferenceKind;
      /** The follow-up question to ask the user. */
      readonly prompt: string;
    };

export interface ReadAgainstThreadInput {
  readonly question: string;
  /** The thread's earlier turns (any order; `turn` numbers them). */
  readonly turns: readonly EarlierTurn[];
  /**
   * The user's answer to the follow-up question of an unresolved reading: it stands for every
   * reference the turns cannot settle (for an ellipsis with nothing before it: the whole question).
   */
  readonly given?: string;
}

const word = (w: string): string => w.replace(/\s+/g, '\\s+');
const ORDINAL_RE = new RegExp(
  `\\bthe\\s+(${[...Object.keys(ORDINALS), 'last'].join('|')})\\s+(${LIST_NOUNS.map(word).join('|')})\\b`,
  'iu',
);
const THAT_PLACE_RE = new RegExp(`\\b(?:that|this|the\\s+same)\\s+(?:${PLACE_NOUNS.join('|')})\\b`, 'iu');
const THAT_ONE_RE = /\b(?:that|this)\s+one\b/iu;
const POSSESSIVE_RE = /\b(its|their|his)\s+([\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,3})/iu;
const NOUN_THERE_RE = /\bthe\s+([\p{L}\p{N}-]+(?:\s+[\p{L}\p{N}-]+)?)\s+there\b/iu;
const THERE_RE = /\bthere\b/iu;
const IT_RE = /\b(it|him|he|she)\b/iu;
const THEY_RE = /\b(they|them)\b/iu;

const GERMAN_POSSESSIVE_RE = new RegExp(
  `(?<![\\p{L}])(${[...GERMAN_POSSESSIVES.singular, ...GERMAN_POSSESSIVES.plural].join('|')})\\s+(?=\\p{Lu})`,
  'u',
);
const FRENCH_POSSESSIVE_RE = new RegExp(
  `(?<![\\p{L}])(${Object.keys(FRENCH_POSSESSIVES).join('|')})\\s+([\\p{L}-]+)`,
  'iu',
);
const FOREIGN_THERE_RE = new RegExp(
  `(?<![\\p{L}-])(${Object.keys(FOREIGN_THERE).join('|')})(?![\\p{L}-])`,
  'iu',
);

const lower = (s: string): string => s.toLowerCase();

/**
 * Reads a question against the earlier turns of its thread and rewrites it as a self-contained
 * question: pronouns ("it", "its", "they", "there"), demonstratives ("that one", "that city"),
 * ordinals over a list answer ("the second one") and ellipses ("and in X?", "what about X?",
 * "and its population?"). A reference the turns cannot settle comes back unresolved, with the
 * follow-up question to ask. A question that names a thing of its own keeps its pronouns (they
 * point inside it: "the capital of X and its population").
 */
export function readAgainstThread(input: ReadAgainstThreadInput): ThreadReading {
  const question = input.question.trim();
  const { body, connective } = splitConnective(question);
  const ellipsis = readEllipsis({ question, body, connective, input });
  if (ellipsis) return ellipsis;

  const state: RewriteState = { text: body, readings: [], unresolved: undefined };
  rewriteOrdinal(state, input);
  if (!pointsInside(body)) {
    rewritePossessive(state, input);
    rewriteThatPlace(state, input);
    rewriteThere(state, input);
    rewriteThatOne(state, input);
    rewriteIt(state, input);
    rewriteThey(state, input);
    rewriteGermanPossessive(state, input);
    rewriteFrenchPossessive(state, input);
    rewriteForeignThere(state, input);
  }
  if (state.unresolved) return state.unresolved;
  if (state.readings.length === 0) return { status: 'self-contained', question, readings: [] };
  return { status: 'resolved', question: sentence(state.text), readings: state.readings };
}

interface RewriteState {
  text: string;
  readings: Reading[];
  unresolved: Extract<ThreadReading, { status: 'unresolved' }> | undefined;
}

function splitConnective(question: string): { body: string; connective: boolean } {
  // Spanish opens a question with "¿"
  const opened = question.replace(/^[¿¡]\s*/u, '');
  const re = new RegExp(
    `^(?:${[...CONNECTIVES, ...FOREIGN_CONNECTIVES].join('|')})(?![\\p{L}])[,\\s]*`,
    'iu',
  );
  const m = re.exec(opened);
  if (!m) return { body: question, connective: false };
  const body = opened.slice(m[0].length).trim();
  return body ? { body, connective: true } : { body: question, connective: false };
}

/**
 * Whether the question names a thing of its own before its first pronoun: then the pronouns
 * point back to it ("the capital of X and its population"), not to an earlier turn.
 */
function pointsInside(body: string): boolean {
  const first = Math.min(
    ...[
      POSSESSIVE_RE,
      IT_RE,
      THEY_RE,
      THERE_RE,
      THAT_ONE_RE,
      THAT_PLACE_RE,
      GERMAN_POSSESSIVE_RE,
      FRENCH_POSSESSIVE_RE,
      FOREIGN_THERE_RE,
    ].map((re) => re.exec(body)?.index ?? body.length),
  );
  return namesOwnThing(body.slice(0, first));
}

/** A capitalised word past the first (not an acronym, not "I"): the text names something itself. */
function namesOwnThing(text: string): boolean {
  const all = text.split(/\s+/);
  const words = all.slice(1);
  return words.some((w, i) => {
    const bare = w.replace(/^[^\p{L}]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare.length < 2 || bare === 'I') return false;
    // German writes every noun capitalised: after a determiner it is a common noun
    if (GERMAN_DETERMINERS.has(lower(all[i] ?? ''))) return false;
    if (/^\p{Lu}[\p{Lu}\p{N}]*$/u.test(bare) && bare.length <= 5) return false;
    return /^\p{Lu}/u.test(bare);
  });
}

function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  const ended = /[?.!]$/.test(t) ? t : `${t}?`;
  return ended.charAt(0).toUpperCase() + ended.slice(1);
}

function noteOf(reference: string, referent: Referent | { value: string; turn: null }): string {
  if (referent.turn === null) return `'${reference}' = ${referent.value}, as you answered`;
  const role = 'role' in referent ? ` (the ${roleWords[referent.role]})` : '';
  return `'${reference}' = ${referent.value}, from turn ${String(referent.turn)}${role}`;
}
const roleWords: Record<Referent['role'], string> = {
  subject: 'thing it was about',
  subjects: 'things it was about',
  answer: 'answer',
  item: 'listed item',
};

function unresolved(state: RewriteState, reference: string, kind: ReferenceKind, why: string): void {
  state.unresolved ??= {
    status: 'unresolved',
    reference,
    kind,
    prompt: `${why} What do you mean by "${reference}"? Please name it.`,
  };
}

/** Replaces `match` in the state's text with `replacement` and records the reading. */
function apply(input: {
  state: RewriteState;
  match: RegExpExecArray;
  replacement: string;
  reference: string;
  referent: Referent | { value: string; turn: null };
}): void {
  const { state, match } = input;
  state.text =
    state.text.slice(0, match.index) + input.replacement + state.text.slice(match.index + match[0].length);
  state.readings.push({
    reference: input.reference,
    value: input.referent.value,
    turn: input.referent.turn,
    note: noteOf(input.reference, input.referent),
  });
}

function givenOr<T extends Referent>(
  input: ReadAgainstThreadInput,
  found: T | undefined,
): T | { value: string; turn: null } | undefined {
  if (found) return found;
  const given = input.given?.trim();
  return given ? { value: given, turn: null } : undefined;
}

function rewriteOrdinal(state: RewriteState, input: ReadAgainstThreadInput): void {
  const m = ORDINAL_RE.exec(state.text);
  if (!m) return;
  const ordinal = lower(m[1] ?? '');
  const index = ordinal === 'last' ? -1 : (ORDINALS[ordinal] ?? 0);
  const item = itemReferent(input.turns, index);
  const referent = givenOr(input, typeof item === 'object' ? item : undefined);
  if (!referent) {
    unresolved(
      state,
      m[0],
      'ordinal',
      item === 'too-short'
        ? `The last list in this thread has fewer items than "${m[0]}" needs.`
        : 'No earlier answer in this thread is a list.',
    );
    return;
  }
  apply({ state, match: m, replacement: referent.value, reference: m[0], referent });
}

function rewritePossessive(state: RewriteState, input: ReadAgainstThreadInput): void {
  for (let guard = 0; guard < 4; guard++) {
    const m = POSSESSIVE_RE.exec(state.text);
    if (!m) return;
    const pronoun = m[1] ?? '';
    const words = (m[2] ?? '').split(/\s+/);
    const phrase = phraseOf(words);
    if (phrase.length === 0) return;
    const plural = lower(pronoun) === 'their';
    const referent = givenOr(input, plural ? pluralOrSubject(input.turns) : subjectOf(state, input, pronoun));
    if (!referent) {
      if (!state.unresolved)
        unresolved(state, pronoun, 'pronoun', 'Nothing earlier in this thread says whose it is.');
      return;
    }
    const consumed = `${pronoun} ${phrase.join(' ')}`;
    const match = Object.assign([consumed], {
      index: m.index,
      input: state.text,
      groups: undefined,
    }) as RegExpExecArray;
    apply({
      state,
      match,
      replacement: `the ${phrase.join(' ')} of ${referent.value}`,
      reference: pronoun,
      referent,
    });
  }
}

/** The noun phrase after a possessive: up to a stop word, keeping one "of <noun>" ("date of birth"). */
function phraseOf(words: readonly string[]): string[] {
  const phrase: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const next = words[i + 1];
    const ofNoun =
      lower(w) === 'of' &&
      phrase.length > 0 &&
      !phrase.some((p) => lower(p) === 'of') &&
      next !== undefined &&
      /^\p{Ll}/u.test(next) &&
      !PHRASE_STOPS.has(lower(next));
    if (PHRASE_STOPS.has(lower(w)) && !ofNoun) break;
    phrase.push(w);
  }
  return phrase;
}

/** German "seine Hauptstadt" → "Velmorias Hauptstadt" (the genitive needs no gender). */
function rewriteGermanPossessive(state: RewriteState, input: ReadAgainstThreadInput): void {
  const m = GERMAN_POSSESSIVE_RE.exec(state.text);
  if (!m) return;
  const pronoun = m[1] ?? '';
  const plural = (GERMAN_POSSESSIVES.plural as readonly string[]).includes(lower(pronoun));
  const referent = givenOr(input, plural ? pluralOrSubject(input.turns) : subjectOf(state, input, pronoun));
  if (!referent) {
    if (!state.unresolved)
      unresolved(state, pronoun, 'pronoun', 'Nothing earlier in this thread says whose it is.');
    return;
  }
  apply({ state, match: m, replacement: `${germanGenitive(referent.value)} `, reference: pronoun, referent });
}

/** French "sa capitale" → "la capitale de Velmoria", in a question written in French. */
function rewriteFrenchPossessive(state: RewriteState, input: ReadAgainstThreadInput): void {
  if (
    !/(?<![\p{L}])(?:quel|quelle|quels|quelles|combien|où|qu['’]|comment|est)(?![\p{L}])/iu.test(state.text)
  )
    return;
  const m = FRENCH_POSSESSIVE_RE.exec(state.text);
  if (!m) return;
  const pronoun = m[1] ?? '';
  const noun = m[2] ?? '';
  const possessive = FRENCH_POSSESSIVES[lower(pronoun)];
  if (!possessive) return;
  const referent = givenOr(
    input,
    possessive.plural ? pluralOrSubject(input.turns) : subjectOf(state, input, pronoun),
  );
  if (!referent) {
    if (!state.unresolved)
      unresolved(state, pronoun, 'pronoun', 'Nothing earlier in this thread says whose it is.');
    return;
  }
  apply({
    state,
    match: m,
    replacement: `${frenchArticle(possessive.article, noun)}${noun} ${frenchOf(referent.value)}`,
    reference: pronoun,
    referent,
  });
}

/** "dort", "là-bas", "allí", "lì" → the place with its preposition ("in Ostrinport", "en Ostrinport"). */
function rewriteForeignThere(state: RewriteState, input: ReadAgainstThreadInput): void {
  const m = FOREIGN_THERE_RE.exec(state.text);
  if (!m) return;
  const word = m[1] ?? '';
  const referent = givenOr(input, placeReferent(input.turns));
  if (!referent) {
    unresolved(state, word, 'place', 'No earlier turn in this thread names a place.');
    return;
  }
  const preposition = FOREIGN_THERE[lower(word)] ?? 'in';
  apply({ state, match: m, replacement: `${preposition} ${referent.value}`, reference: word, referent });
}

function rewriteThatPlace(state: RewriteState, input: ReadAgainstThreadInput): void {
  const m = THAT_PLACE_RE.exec(state.text);
  if (!m) return;
  const referent = givenOr(input, placeReferent(input.turns));
  if (!referent) {
    unresolved(state, m[0], 'place', 'No earlier turn in this thread names a place.');
    return;
  }
  apply({ state, match: m, replacement: referent.value, reference: m[0], referent });
}

function rewriteThere(state: RewriteState, input: ReadAgainstThreadInput): void {
  if (!THERE_RE.test(state.text) || EXISTENTIAL_THERE.some((re) => re.test(state.text))) return;
  const referent = givenOr(input, placeReferent(input.turns));
  if (!referent) {
    unresolved(state, 'there', 'place', 'No earlier turn in this thread names a place.');
    return;
  }
  const noun = NOUN_THERE_RE.exec(state.text);
  if (noun) {
    apply({
      state,
      match: noun,
      replacement: `the ${noun[1] ?? ''} of ${referent.value}`,
      reference: 'there',
      referent,
    });
    return;
  }
  const m = THERE_RE.exec(state.text);
  if (m) apply({ state, match: m, replacement: `in ${referent.value}`, reference: 'there', referent });
}

function rewriteThatOne(state: RewriteState, input: ReadAgainstThreadInput): void {
  const m = THAT_ONE_RE.exec(state.text);
  if (!m) return;
  const referent = givenOr(input, answerReferent(input.turns));
  if (!referent) {
    unresolved(state, m[0], 'pronoun', 'No earlier answer in this thread names one thing.');
    return;
  }
  apply({ state, match: m, replacement: referent.value, reference: m[0], referent });
}

function rewriteIt(state: RewriteState, input: ReadAgainstThreadInput): void {
  if (DUMMY_IT.some((re) => re.test(state.text))) return;
  const m = IT_RE.exec(state.text);
  if (!m) return;
  const pronoun = m[1] ?? '';
  const referent = givenOr(input, subjectOf(state, input, pronoun));
  if (!referent) {
    if (!state.unresolved)
      unresolved(state, pronoun, 'pronoun', 'Nothing earlier in this thread says what it is.');
    return;
  }
  apply({ state, match: m, replacement: referent.value, reference: pronoun, referent });
}

function rewriteThey(state: RewriteState, input: ReadAgainstThreadInput): void {
  const m = THEY_RE.exec(state.text);
  if (!m) return;
  const pronoun = m[1] ?? '';
  const referent = givenOr(input, pluralReferent(input.turns));
  if (!referent) {
    unresolved(state, pronoun, 'pronoun', 'No earlier answer in this thread is a list.');
    return;
  }
  apply({ state, match: m, replacement: referent.value, reference: pronoun, referent });
}

/** "it"/"its": the latest subject; ambiguous when that turn was about several things. */
function subjectOf(
  state: RewriteState,
  input: ReadAgainstThreadInput,
  pronoun: string,
): Referent | undefined {
  const found = singularSubject(input.turns);
  if (found === 'ambiguous') {
    unresolved(state, pronoun, 'pronoun', 'The last turn of this thread was about several things.');
    return undefined;
  }
  return found;
}

function pluralOrSubject(turns: readonly EarlierTurn[]): Referent | undefined {
  const plural = pluralReferent(turns);
  if (plural) return plural;
  const single = singularSubject(turns);
  return typeof single === 'object' ? single : undefined;
}

/** "what about X?", "and in X?", "and its population?": the latest question with one part changed. */
function readEllipsis(input: {
  question: string;
  body: string;
  connective: boolean;
  input: ReadAgainstThreadInput;
}): ThreadReading | undefined {
  const body = input.body.replace(/^[¿¡]\s*/u, '').replace(/[?.!\s]+$/u, '');
  const about = [/^(?:what|how)\s+about\s+(.+)$/iu, ...FOREIGN_ABOUT]
    .map((re) => re.exec(body)?.[1])
    .find((x) => x !== undefined);
  const prepMatch = new RegExp(
    `^(${['in', 'for', 'at', 'on', ...FOREIGN_PREPOSITIONS].join('|')})\\s+(.+)$`,
    'iu',
  ).exec(body);
  const prep = prepMatch?.[2];
  // "and in X?" swaps a place or a thing by name ("and in 2020?" is no swap of the subject); a
  // whole question after the preposition ("On <address> what is …?") asks for itself
  const replacement = about ?? (prep && /\p{Lu}/u.test(prep) && !asksItself(prep) ? prep : undefined);
  if (replacement && isAttributePhrase(replacement))
    return attributeEllipsis(replacement, input.input, input.question);
  if (replacement)
    return subjectEllipsis({
      target: replacement.trim(),
      input: input.input,
      reference: input.question,
      ...(about === undefined && prepMatch?.[1] ? { preposition: prepMatch[1] } : {}),
    });
  const opener = lower(body.split(/\s+/)[0] ?? '');
  if (
    input.connective &&
    isAttributePhrase(body) &&
    !(CLAUSE_OPENERS as readonly string[]).includes(opener) &&
    body.split(/\s+/).length <= 6 &&
    !/\bthere\b/iu.test(body)
  )
    return attributeEllipsis(body, input.input, input.question);
  return undefined;
}

/** A clause of its own: a question word, or an address, after the preposition; not a name to swap in. */
function asksItself(phrase: string): boolean {
  return /:\/\/|\b(?:what|which|who|whom|whose|when|where|why|how)\b/iu.test(phrase);
}

/** "its population", "the capital" (no name of its own): an attribute asked of the thread's subject. */
function isAttributePhrase(phrase: string): boolean {
  if (/^(?:its|their|his)\s/iu.test(phrase)) return true;
  return /^the\s/iu.test(phrase) && !namesOwnThing(phrase);
}

/**
 * "what about X?": the latest question asked again about X instead of its subject. "and in X?"
 * swaps the place of the latest question that named one after the same preposition ("hotels in
 * A …", then "the price of the second one", then "and in B?" asks for hotels in B).
 */
function subjectEllipsis(args: {
  target: string;
  input: ReadAgainstThreadInput;
  reference: string;
  preposition?: string;
}): ThreadReading {
  const { target, input } = args;
  const ref = args.reference.replace(/\s+/g, ' ').trim();
  const last =
    (args.preposition ? turnWithPlace(input.turns, args.preposition) : undefined) ?? latestTurn(input.turns);
  if (!last) {
    if (input.given?.trim())
      return {
        status: 'resolved',
        question: sentence(input.given.trim()),
        readings: [
          {
            reference: ref,
            value: input.given.trim(),
            turn: null,
            note: `'${ref}' = "${input.given.trim()}", as you answered`,
          },
        ],
      };
    return {
      status: 'unresolved',
      reference: ref,
      kind: 'ellipsis',
      prompt: `This thread has no earlier question for "${ref}" to continue. What do you want to know about ${target}? Please ask the whole question.`,
    };
  }
  const subject =
    (args.preposition ? placeIn(last, args.preposition) : undefined) ??
    [...last.subjects].find((s) => last.question.includes(s));
  if (!subject) {
    return {
      status: 'unresolved',
      reference: ref,
      kind: 'ellipsis',
      prompt: `The last question of this thread ("${last.question}") names nothing to swap for ${target}. What do you want to know about ${target}? Please ask the whole question.`,
    };
  }
  const question = sentence(last.question.replace(subject, target));
  return {
    status: 'resolved',
    question,
    readings: [
      {
        reference: ref,
        value: question,
        turn: last.turn,
        note: `'${ref}' = turn ${String(last.turn)}'s question ("${last.question}") about ${target} instead of ${subject}`,
      },
    ],
  };
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The subject a turn's question names right after the preposition ("in A"). */
function placeIn(turn: EarlierTurn, preposition: string): string | undefined {
  return turn.subjects.find((s) =>
    new RegExp(`(?<![\\p{L}])${escapeRe(preposition)}\\s+${escapeRe(s)}(?![\\p{L}])`, 'iu').test(
      turn.question,
    ),
  );
}

/** The latest turn whose question names a subject after the preposition. */
function turnWithPlace(turns: readonly EarlierTurn[], preposition: string): EarlierTurn | undefined {
  return [...turns].sort((a, b) => b.turn - a.turn).find((t) => placeIn(t, preposition) !== undefined);
}

/** "and its population?": the attribute asked of the thread's subject. */
function attributeEllipsis(phrase: string, input: ReadAgainstThreadInput, reference: string): ThreadReading {
  const [det = '', ...rest] = phrase.trim().split(/\s+/);
  const attribute = rest.join(' ');
  const plural = lower(det) === 'their';
  const state: RewriteState = { text: '', readings: [], unresolved: undefined };
  const found = plural ? pluralOrSubject(input.turns) : subjectOf(state, input, det);
  const referent = givenOr(input, found);
  if (state.unresolved && !input.given) return state.unresolved;
  if (!referent)
    return {
      status: 'unresolved',
      reference: reference,
      kind: 'ellipsis',
      prompt: `Nothing earlier in this thread says whose ${attribute} you mean. What do you mean by "${reference}"? Please name it.`,
    };
  return {
    status: 'resolved',
    question: `What is the ${attribute} of ${referent.value}?`,
    readings: [
      {
        reference: reference,
        value: referent.value,
        turn: referent.turn,
        note: noteOf(reference, referent),
      },
    ],
  };
}
