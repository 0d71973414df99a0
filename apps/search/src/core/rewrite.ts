import { words } from '@forage/retrieval';
import type { ParsedQuery } from './query/parse-query.js';
import type { SchemaType } from './query/schema-type.js';
import { detectLanguage } from './query/language.js';

/** Words that lead a web search to pages listing that schema (seed §4.6), English queries only. */
const SCHEMA_KEYWORDS: Readonly<Record<SchemaType, readonly string[]>> = {
  generic: [],
  HotelListing: ['hotel', 'booking'],
  ProductListing: ['buy', 'online'],
  ContactListing: ['contact', 'official', 'website'],
  Paper: ['paper', 'pdf'],
};

export const REWRITE_MAX_CHARS = 200;

/**
 * Deterministic rewrite: the query with schema keywords appended when they are missing and the
 * query is English (other languages are left alone rather than mixed), plus its `site:` operators.
 */
export function keywordRewrite(parsed: ParsedQuery): string {
  const have = new Set(words(parsed.text).map((w) => w.replace(/s$/, '')));
  const english = parsed.language === 'en' || parsed.language === 'und';
  const extra = english ? SCHEMA_KEYWORDS[parsed.schemaType].filter((k) => !have.has(k)) : [];
  const sites = (parsed.filters.sites ?? []).map((s) => `site:${s}`);
  return [parsed.text, ...extra, ...sites]
    .join(' ')
    .slice(0, REWRITE_MAX_CHARS * 2)
    .trim();
}

export type RewriteCheck =
  { readonly ok: true; readonly query: string } | { readonly ok: false; readonly why: string };

/** An LLM's rewrite is used only if non-empty, at most 200 characters, one line, and in the query's language. */
export function validateRewrite(candidate: string, parsed: ParsedQuery): RewriteCheck {
  const query = candidate
    .trim()
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(query)) return { ok: false, why: 'empty rewrite' };
  if (Array.from(query).length > REWRITE_MAX_CHARS)
    return { ok: false, why: `rewrite longer than ${REWRITE_MAX_CHARS} characters` };
  if (/[\r\n]/.test(query)) return { ok: false, why: 'rewrite spans several lines' };
  const language = detectLanguage(query);
  if (parsed.language !== 'und' && language !== 'und' && language !== parsed.language)
    return { ok: false, why: `rewrite is in ${language}, the query in ${parsed.language}` };
  const sites = (parsed.filters.sites ?? []).filter((s) => !query.toLowerCase().includes(`site:${s}`));
  return { ok: true, query: [query, ...sites.map((s) => `site:${s}`)].join(' ') };
}
