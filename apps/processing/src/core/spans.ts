import type { AnswerType } from './answer-type.js';
import { countriesIn, isPeopleAdjective } from './places.js';
import { isStopWord, stem } from './text.js';

/** A candidate answer inside a text: a verbatim slice and where it starts. */
export interface Span {
  readonly text: string;
  readonly start: number;
  /** A bare four-digit year (1000–2099): weak as a quantity, strong as a date. */
  readonly yearLike: boolean;
  /** A ratio ("27 people per km²", "$140/night"): the answer only when the question asks per something. */
  readonly rate: boolean;
}

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DATE = new RegExp(
  [
    `\\b\\d{1,2}\\s+${MONTH}\\.?,?\\s+\\d{4}\\b`,
    `\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b${MONTH}\\.?\\s+\\d{4}\\b`,
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    // a span of years in words ("from 1978 to 2004", "1952 until 1961") is one answer to "when"
    '\\b(?:from\\s+)?(?:1\\d{3}|20\\d{2})\\s+(?:to|until|till|through)\\s+(?:1\\d{3}|20\\d{2})\\b',
    // a span of years ("1754–1763") is one answer to "when"
    '\\b(?:1\\d{3}|20\\d{2})\\s?[–—-]\\s?(?:1\\d{3}|20\\d{2}|\\d{2})\\b',
    '\\b(?:1\\d{3}|20\\d{2})s?\\b',
    // early years need a preposition to read as years ("emerged in 801")
    '(?<=\\b(?:in|since|from|until|around|circa|c\\.|by)\\s)\\d{3}\\b',
  ].join('|'),
  'gu',
);
const NUMBER = new RegExp(
  [
    '(?<![\\d.,])(?:[$€£¥]\\s?)?',
    '(?:\\d{1,3}(?:[,\\u00a0\\u202f\\u2009]\\d{3})+(?:\\.\\d+)?(?!\\d)|\\d+(?:\\.\\d+)?)',
    '(?:\\s?(?:million|billion|thousand|trillion|bn)\\b)?',
    '(?:\\s?(?:%|percent\\b|km²|km2|km\\b|sq\\s?mi\\b|metres\\b|meters\\b|m\\b|ft\\b|feet\\b|miles\\b|kg\\b|°C|°F|USD\\b|EUR\\b|GBP\\b',
    // units of time, weight, volume and speed: "how long" is answered by "15 minutes", not "15"
    '|(?:milli)?seconds?\\b|minutes?\\b|mins?\\b|hours?\\b|hrs?\\b|days?\\b|weeks?\\b|months?\\b|years?\\b',
    '|grams?\\b|g\\b|tonnes?\\b|tons?\\b|pounds?\\b|lbs?\\b|litres?\\b|liters?\\b|ml\\b|cm\\b|mm\\b|inch(?:es)?\\b|km/h|mph\\b|GB\\b|MB\\b|TB\\b|kWh\\b|MW\\b))?',
  ].join(''),
  'gu',
);
/** Counts in words ("three", "twenty-one", "two million"). */
const NUMBER_WORDS =
  /\b(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a dozen|dozens|hundreds|thousands)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine|hundred|thousand|million|billion))*)\b/giu;
const YES_NO = /\b(?:yes|no)\b/giu;
/** A street address: a house number, a street name and its kind, then the town and region ("196 Station Street, Leavomford, Cora"). */
const STREET_ADDRESS =
  /\b\d{1,5}[A-Za-z]?\s+(?:\p{Lu}[\p{L}'’.-]*\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Square|Sq|Court|Ct|Terrace|Parkway|Highway|Hwy|Row|Quay|Crescent|Close|Hill|Walk|Gardens)\b\.?(?:,\s*\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*){0,3}/gu;

/** Whether a span is a street address (it then answers "where" and "what is the address"). */
export function isStreetAddress(text: string): boolean {
  return new RegExp(`^(?:${STREET_ADDRESS.source})$`, 'u').test(text);
}

/** Runs of capitalised words, allowing a few lower-case joiners ("Bank of Veloria", "Jan van Dijk"). */
const PROPER_NAME =
  /\p{Lu}[\p{L}\p{M}'’-]*(?:\s+(?:(?:of|de|la|le|van|von|der|da|del|du|the|and)\s+)?(?:\p{Lu}\.\s+)?\p{Lu}[\p{L}\p{M}'’-]*)*/gu;

/** Spans of the expected type in a text, in order of appearance. */
export function typedSpans(text: string, type: AnswerType, questionTokens: ReadonlySet<string>): Span[] {
  switch (type) {
    case 'number':
      return [...matches(text, NUMBER), ...matches(text, NUMBER_WORDS)].filter(
        (s) => !/\d/.test(s.text) || !questionTokens.has(s.text.replace(/\D/g, '')),
      );
    case 'date':
      // a date the question itself gives ("the 2011–12 season") is not its answer
      return matches(text, DATE).filter(
        (s) =>
          !questionTokens.has(s.text.toLowerCase()) &&
          !(s.text.match(/\d+/g) ?? []).every((n) => questionTokens.has(n)),
      );
    case 'yes_no':
      return matches(text, YES_NO);
    case 'definition':
    case 'list':
      return [];
    case 'place':
      return [
        ...matches(text, STREET_ADDRESS),
        ...names(text, questionTokens).filter((s) => !isMonth(s.text) && !isPeopleAdjective(s.text)),
      ];
    case 'person':
      return names(text, questionTokens).filter(
        (s) => !isMonth(s.text) && countriesIn(s.text).size === 0 && !isQuotedTitle(text, s),
      );
    default:
      return names(text, questionTokens).filter((s) => !isMonth(s.text));
  }
}

/** A name in quotation marks is the title of a work (their debut album, "Mad Town"), not a person. */
function isQuotedTitle(text: string, span: Span): boolean {
  const before = text.slice(0, span.start);
  const after = text.slice(span.start + span.text.length);
  return /["“'‘]$/u.test(before) && /^[,.;:!?]?["”'’]/u.test(after);
}

/** A month's name alone ("October") names no person, place or thing. */
function isMonth(text: string): boolean {
  return new RegExp(`^${MONTH}$`, 'u').test(text);
}

/** Proper names that are not the question's own words, without leading stop words; a name before a colon is a label ("(Bengali: …)"). */
function names(text: string, questionTokens: ReadonlySet<string>): Span[] {
  return (
    matches(text, PROPER_NAME)
      .filter((span) => !/^\s*:/u.test(text.slice(span.start + span.text.length)))
      // "Two branch campuses …": a count opening a sentence is no name
      .filter((span) => !new RegExp(`^${NUMBER_WORDS.source}$`, 'iu').test(span.text))
      .map((span) => trimSentenceOpener(span, text))
      .map(trimLeadingStopWords)
      .filter((s): s is Span => s !== undefined && !coveredByQuestion(s.text, questionTokens))
  );
}

function matches(text: string, pattern: RegExp): Span[] {
  return [...text.matchAll(pattern)]
    .map((m) => ({ text: m[0].trim(), start: m.index + (m[0].length - m[0].trimStart().length) }))
    .filter((s) => s.text.length > 0)
    .map((s) => ({
      ...s,
      yearLike: /^(?:1\d{3}|20\d{2})$/.test(s.text),
      rate: RATE_AFTER.test(text.slice(s.start + s.text.length)),
    }));
}

/** What follows a number that makes it a ratio: "per …" within two words, or "/unit". */
const RATE_AFTER = /^\s*(?:(?:[\p{L}²]+\s+){0,2}per\b|\/\s*\p{L})/u;

/** Words that open sentences with a capital without being names. */
const OPENERS = new Set(
  `because several soon however although though after before during while since many most some other others each every
  both few another such these those today later eventually meanwhile instead despite following according unlike like
  once when where there here then thus therefore hence also finally first second third initially originally currently
  may might can could would should will shall must if unless although whether yet still only even perhaps`.split(
    /\s+/,
  ),
);

/**
 * A capital at the start of a sentence says nothing about a name: the first word of a span that
 * opens a sentence is dropped when it is a common opener, an -ly adverb or -est superlative, or
 * is written in lower case elsewhere in the text ("Notes on Sobrica" → "Sobrica").
 */
function trimSentenceOpener(span: Span, text: string): Span | undefined {
  const before = text.slice(0, span.start);
  if (!/(?:^|[.!?:;]\s+["'“‘(]?|\n\s*)$/u.test(before)) return span;
  const first = /^[\p{L}\p{M}'’-]+/u.exec(span.text)?.[0] ?? '';
  const lower = first.toLowerCase();
  const common =
    OPENERS.has(lower) ||
    /(?:ly|est)$/u.test(lower) ||
    new RegExp(`(?<![\\p{L}])${escapeRegExp(lower)}(?![\\p{L}])`, 'u').test(
      text.slice(span.start + first.length),
    );
  if (!common) return span;
  const rest = span.text.slice(first.length).trimStart();
  if (!rest) return undefined;
  return { ...span, text: rest, start: span.start + (span.text.length - rest.length) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "The Grand Hotel" → "Grand Hotel"; a span of stop words only ("It", "The") is no name. */
function trimLeadingStopWords(span: Span | undefined): Span | undefined {
  if (!span) return undefined;
  const parts = span.text.split(/\s+/);
  let dropped = 0;
  while (parts.length > 0 && isStopWord(parts[0] ?? '')) dropped += (parts.shift() ?? '').length + 1;
  if (parts.length === 0) return undefined;
  const text = span.text.slice(dropped).trimStart();
  return { text, start: span.start + (span.text.length - text.length), yearLike: false, rate: false };
}

function coveredByQuestion(text: string, questionTokens: ReadonlySet<string>): boolean {
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return tokens.every((t) => isStopWord(t) || questionTokens.has(stem(t)));
}
