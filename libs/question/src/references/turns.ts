import { PLACE_ATTRIBUTES } from './words.js';

/** An earlier turn of a thread as references read it (a subset of the contracts' ThreadTurn). */
export interface EarlierTurn {
  /** Its place in the thread (1 = the first). */
  readonly turn: number;
  /** The question it answered (its own references already replaced). */
  readonly question: string;
  /** The named things it was about, first part first. */
  readonly subjects: readonly string[];
  /** The canonical attribute it asked for, when it asked for one. */
  readonly attribute?: string;
  readonly answer: string | null;
  /** A listing's item names in the order shown. */
  readonly items: readonly string[];
}

/** A value a reference can stand for, with the turn it comes from. */
export interface Referent {
  readonly value: string;
  readonly turn: number;
  /** What the value was in that turn, for the report ("the subject", "the answer"). */
  readonly role: 'subject' | 'subjects' | 'answer' | 'item';
}

const MAX_LIST_ITEM_WORDS = 8;
const MAX_ENTITY_ANSWER_WORDS = 12;

/** Most recent first. */
function newestFirst(turns: readonly EarlierTurn[]): EarlierTurn[] {
  return [...turns].sort((a, b) => b.turn - a.turn);
}

/** The list a turn answered: its listing items, else an answer that is a short list ("A, B and C"). */
export function listOf(turn: EarlierTurn): readonly string[] {
  if (turn.items.length > 0) return turn.items;
  if (!turn.answer) return [];
  const parts = turn.answer
    .split(/\s*(?:;|,(?!\d)|\n|\band\b)\s*/)
    .map((p) => p.trim().replace(/\.$/, ''))
    .filter((p) => p.length > 0);
  // a list of names: each short, each with a letter, none a labelled value ("A: 12")
  const names = parts.every(
    (p) => p.split(/\s+/).length <= MAX_LIST_ITEM_WORDS && /\p{L}/u.test(p) && !p.includes(':'),
  );
  if (parts.length < 2 || !names) return [];
  return parts;
}

/** Whether the turn's answer names a place (it asked for a capital, an address, "where", "which city"). */
export function answersWithPlace(turn: EarlierTurn): boolean {
  if (turn.attribute && PLACE_ATTRIBUTES.has(turn.attribute)) return true;
  return (
    /^\s*where\b/i.test(turn.question) ||
    /\b(?:which|what)\s+(?:city|town|country|place|village|region)\b/i.test(turn.question)
  );
}

function shortAnswer(turn: EarlierTurn): string | undefined {
  const answer = turn.answer?.trim().replace(/\.$/, '');
  if (!answer || answer.split(/\s+/).length > MAX_ENTITY_ANSWER_WORDS) return undefined;
  return answer;
}

/**
 * What "it"/"its" stands for: the subject of the latest turn that had one. Undefined when there
 * is none, or when that turn was about several things (then "its" is ambiguous).
 */
export function singularSubject(turns: readonly EarlierTurn[]): Referent | 'ambiguous' | undefined {
  const turn = newestFirst(turns).find((t) => t.subjects.length > 0);
  if (!turn) return undefined;
  const distinct = [...new Set(turn.subjects)];
  if (distinct.length > 1) return 'ambiguous';
  const [value] = distinct;
  return value ? { value, turn: turn.turn, role: 'subject' } : undefined;
}

/** What "they"/"their" stands for: the latest list answered, else the latest turn about several things. */
export function pluralReferent(turns: readonly EarlierTurn[]): Referent | undefined {
  for (const turn of newestFirst(turns)) {
    // a question about several things answers per thing: "their" are those things
    const distinct = [...new Set(turn.subjects)];
    if (distinct.length > 1) return { value: joinNames(distinct), turn: turn.turn, role: 'subjects' };
    const list = listOf(turn);
    if (list.length > 1) return { value: joinNames(list), turn: turn.turn, role: 'answer' };
  }
  return undefined;
}

/**
 * What "there" stands for: the latest turn's answer when it named a place (after "what is the
 * capital of X", there = the capital), else that turn's subject.
 */
export function placeReferent(turns: readonly EarlierTurn[]): Referent | undefined {
  for (const turn of newestFirst(turns)) {
    const answer = shortAnswer(turn);
    if (answer && answersWithPlace(turn)) return { value: answer, turn: turn.turn, role: 'answer' };
    const distinct = [...new Set(turn.subjects)];
    if (distinct.length === 1 && distinct[0]) return { value: distinct[0], turn: turn.turn, role: 'subject' };
    if (distinct.length > 1) return undefined;
  }
  return undefined;
}

/** What "that one" stands for: the latest short answer. */
export function answerReferent(turns: readonly EarlierTurn[]): Referent | undefined {
  for (const turn of newestFirst(turns)) {
    const answer = shortAnswer(turn);
    if (answer && listOf(turn).length < 2) return { value: answer, turn: turn.turn, role: 'answer' };
  }
  return undefined;
}

/** The item at a position of the latest list answered ("the second one"); -1 picks the last. */
export function itemReferent(
  turns: readonly EarlierTurn[],
  index: number,
): Referent | 'too-short' | undefined {
  for (const turn of newestFirst(turns)) {
    const list = listOf(turn);
    if (list.length < 2) continue;
    const value = index < 0 ? list.at(-1) : list[index];
    return value ? { value, turn: turn.turn, role: 'item' } : 'too-short';
  }
  return undefined;
}

/** The latest turn (an ellipsis rewrites its question). */
export function latestTurn(turns: readonly EarlierTurn[]): EarlierTurn | undefined {
  return newestFirst(turns)[0];
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
