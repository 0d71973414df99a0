/** Nested questions: "the population of the capital of X", "who designed the valve that pairs with X". */
import { askedAttribute } from './wording.js';
import { answerTypeOf } from './answer-type.js';
import type { AnswerType, Hop, HopChain } from './model.js';
import { NAME } from './words.js';

/** Relations whose value is another entity, so a question can ask about that entity in turn. */
const RELATIONS: readonly { words: RegExp; attribute?: string; answerType: AnswerType }[] = [
  { words: /^(?:capital|capital city|seat of government)$/, attribute: 'capital', answerType: 'place' },
  { words: /^(?:largest|biggest|main|chief) city$/, answerType: 'place' },
  {
    words:
      /^(?:headquarters|home town|hometown|birthplace|place of birth|home country|country|city|region|province|state)$/,
    answerType: 'place',
  },
  {
    words:
      /^(?:author|writer|designer|founder|director|creator|inventor|architect|composer|painter|mayor|president|leader|head of state|head of government|prime minister|governor|ceo|chief executive|owner|editor|chair|chairman|chairwoman|manager|coach|captain)$/,
    answerType: 'person',
  },
  { words: /^(?:designer|author)$/, attribute: 'designer', answerType: 'person' },
  {
    words:
      /^(?:manufacturer|maker|brand|publisher|label|parent company|owner company|producer|supplier|operator)$/,
    attribute: 'brand',
    answerType: 'name',
  },
];

function relationOf(words: string): { attribute?: string; answerType: AnswerType } | undefined {
  const lower = words.toLowerCase().trim();
  const found = RELATIONS.find((r) => r.words.test(lower));
  if (!found) return undefined;
  const attribute = found.attribute ?? (lower === 'author' || lower === 'writer' ? 'author' : undefined);
  return { ...(attribute ? { attribute } : {}), answerType: found.answerType };
}

/** "Esmarra's capital" → "the capital of Esmarra", for relation words only. */
function unpossess(question: string): string {
  return question.replace(
    new RegExp(`(${NAME})['’]s\\s+((?:[\\p{Ll}-]+\\s+)?[\\p{Ll}-]+)`, 'gu'),
    (all, name: string, words: string) => {
      for (const take of [words, words.split(/\s+/)[0] ?? '']) {
        if (take && relationOf(take)) return `the ${take} of ${name}${words.slice(take.length)}`;
      }
      return all;
    },
  );
}

function hopTemplate(relation: string, answerType: AnswerType): string {
  return answerType === 'person' ? `Who is the ${relation} of {}?` : `What is the ${relation} of {}?`;
}

/** The chain of "the R of" relations ending at a name, starting at `from`; undefined when there is none. */
function chainAt(
  text: string,
  from: number,
): { relations: string[]; entity: string; end: number } | undefined {
  const piece = /the\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)\s+of\s+/uy;
  const relations: string[] = [];
  let at = from;
  for (;;) {
    piece.lastIndex = at;
    const m = piece.exec(text);
    if (!m?.[1] || !relationOf(m[1])) break;
    relations.push(m[1]);
    at = piece.lastIndex;
  }
  if (relations.length === 0) return undefined;
  const entity = new RegExp(`(?:the\\s+)?(${NAME})`, 'uy');
  entity.lastIndex = at;
  const e = entity.exec(text);
  if (!e?.[1]) return undefined;
  return { relations, entity: e[1].replace(/\s+(?:and|the)$/i, ''), end: entity.lastIndex };
}

/** "What is the population of the capital of Esmarra?" → Esmarra, capital, then population. */
function ofChain(question: string): HopChain | undefined {
  const text = unpossess(question);
  for (const start of text.matchAll(/\bthe\s/g)) {
    const chain = chainAt(text, start.index);
    if (!chain) continue;
    const outer = `${text.slice(0, start.index)}{}${text.slice(chain.end)}`;
    const probe = outer.replace('{}', 'Xantha Vell');
    const attribute = askedAttribute(probe);
    // the relations innermost first: "the mayor of the capital of X" asks the capital, then the mayor
    const hops: Hop[] = [...chain.relations].reverse().map((relation) => {
      const r = relationOf(relation);
      return {
        relation,
        ...(r?.attribute ? { attribute: r.attribute } : {}),
        template: hopTemplate(relation, r?.answerType ?? 'name'),
        answerType: r?.answerType ?? 'name',
      };
    });
    const asksMore =
      attribute !== undefined ||
      !/^(?:what|who|which)\s+(?:is|was|are|were)\s+\{\}\s*\??$/i.test(outer.trim());
    if (asksMore)
      hops.push({
        relation: attribute ?? outer.replace('{}', '').replace(/\s+/g, ' ').trim(),
        ...(attribute ? { attribute } : {}),
        template: outer.trim().endsWith('?') ? outer.trim() : `${outer.trim()}?`,
        answerType: answerTypeOf(probe, attribute),
      });
    if (hops.length >= 2) return { entity: chain.entity, hops };
  }
  return undefined;
}

/** "Who designed the valve that pairs with the Vell-9 pump?" → which valve pairs with it, then who designed that. */
function relativeChain(question: string): HopChain | undefined {
  const m = new RegExp(
    `^(.*?)\\bthe\\s+((?:[\\p{Ll}-]+\\s+)?[\\p{Ll}-]+)\\s+(?:(?:that|which|who)\\s+|(?=(?:[\\p{Ll}]+ed|sold|made|built|written|worn|known|held|shown|run)\\s+(?:with|by|in|for|to|from)\\s))(.*?(${NAME}).*?)\\s*\\?*$`,
    'u',
  ).exec(question.trim());
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) return undefined;
  const lead = m[1].trim();
  if (!/^(?:what|who|whom|when|where|which|how|in which|in what)\b/i.test(lead)) return undefined;
  const noun = m[2];
  if (relationOf(noun)) return undefined;
  const outer = `${lead} {}?`;
  const probe = outer.replace('{}', 'Xantha Vell');
  const attribute = askedAttribute(probe);
  const clause = m[3];
  const inner = `Which ${noun} ${/^(?:[\p{Ll}]+ed|sold|made|built|written|worn|known|held|shown|run)\s/u.test(clause) ? 'is ' : ''}${clause}?`;
  return {
    entity: m[4].replace(/\s+(?:and|the)$/i, ''),
    hops: [
      { relation: `${noun} ${clause}`, template: inner, answerType: 'name' },
      {
        relation: attribute ?? lead.toLowerCase(),
        ...(attribute ? { attribute } : {}),
        template: outer,
        answerType: answerTypeOf(probe, attribute),
      },
    ],
  };
}

/**
 * The hops of a nested question, innermost first, or undefined when the question asks one thing
 * of one entity. Each hop's template holds `{}` where the previous hop's value goes; the first
 * hop's subject is the named entity (for a relative clause, its first hop names it already).
 */
export function hopChainOf(question: string): HopChain | undefined {
  const text = question.trim().replace(/\s+/g, ' ');
  // "What is the capital of X and what is its population?" asks two questions, not a chain
  if (/[?;]\s+\S|,?\s+and\s+(?:what|which|who|whom|when|where|how)\b/i.test(text)) return undefined;
  return ofChain(text) ?? relativeChain(text);
}

/** The question of a hop about a subject. */
export function hopQuestion(hop: Hop, subject: string): string {
  return hop.template.replace('{}', subject);
}
