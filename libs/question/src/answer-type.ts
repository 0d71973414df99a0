/** What kind of value answers a question: read from its question word and the attribute it asks. */
import { ATTRIBUTES } from './attributes.js';
import type { AnswerType } from './model.js';

const PLACE_WORDS =
  /\b(?:what|which)\s+(?:[\p{L}-]+\s+)?(?:city|town|country|state|county|region|province|village|neighbou?rhood|district|continent|island|place)\b/iu;
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

/** The answer type of a question, given the attribute it asks (when one was read). */
export function answerTypeOf(question: string, attribute?: string): AnswerType {
  const q = question.trim();
  if (/^how\s+many\b/i.test(q) && !attribute) return 'count';
  if (
    /^(?:list|show|find|name|give me|recommend|search)\b/i.test(q) ||
    /^(?:which|what)\s+(?:are|were)\b/i.test(q)
  )
    return 'list';
  if (/^(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b/i.test(q))
    return 'boolean';
  if (
    /^(?:(?:to|by|for|with|of|from)\s+)?(?:who|whom)\b/i.test(q) ||
    /\bby\s+whom?\s*\??$/i.test(q) ||
    /\bwho\s*\??$/i.test(q)
  )
    return 'person';
  if (/^when\b|\bwhat\s+(?:year|date|day|month)\b|\bin\s+which\s+year\b/i.test(q)) return 'date';
  if (/^where\b/i.test(q) && attribute !== 'address') return 'place';
  if (PLACE_WORDS.test(q)) return 'place';
  if (/^how\s+much\b/i.test(q)) return attribute && attribute !== 'price' ? 'number' : 'money';
  if (attribute) {
    const typed = ATTRIBUTE_TYPES[attribute];
    if (typed) return typed;
    if (ATTRIBUTES.find((a) => a.id === attribute)?.numeric) return 'number';
  }
  if (/^how\s+(?:many|big|large|tall|high|long|old|far)\b/i.test(q)) return 'number';
  return 'text';
}
