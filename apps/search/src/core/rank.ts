import { tokenize } from '@forage/retrieval';
import type { SchemaType } from './query/schema-type.js';

/** Weights of the ranking terms (configurable; defaults are the seed's formula). */
export interface RankingWeights {
  readonly title: number;
  readonly position: number;
  readonly price: number;
  readonly availability: number;
  /** Weight of the learned domain-trust term (trust is in [-1, 1]). */
  readonly trust: number;
}

export const DEFAULT_RANKING_WEIGHTS: RankingWeights = {
  title: 0.5,
  position: 0.5,
  price: 0.1,
  availability: 0.1,
  trust: 0.1,
};

export interface RankInput {
  readonly title: string;
  readonly snippet: string;
  readonly position: number;
  readonly domain: string;
  /** BM25 of the local index, normalised to [0, 1] by the best local hit; absent for web providers. */
  readonly localRelevance?: number;
}

export interface RankedScore {
  readonly score: number;
  readonly breakdown: Record<string, number>;
}

/** Share of the query's terms found in the title (0..1). */
export function titleRelevance(queryTerms: readonly string[], title: string): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  const have = new Set(tokenize(title));
  let hits = 0;
  for (const t of wanted) if (have.has(t)) hits++;
  return hits / wanted.size;
}

/** 1 / log2(position + 1): 1 for the first result, 0.63 for the second, 0.5 for the third… */
export function positionScore(position: number): number {
  return 1 / Math.log2(Math.max(1, position) + 1);
}

const PRICE = /(?:[$€£¥₹]\s?\d|\d\s?(?:usd|eur|gbp|€|\$)\b|\bprice[sd]?\b|\bper night\b|\/night\b)/i;
const AVAILABILITY =
  /\b(?:in stock|available|availability|book now|rooms? left|free cancellation|ships? (?:today|tomorrow|free)|add to cart|open now)\b/i;

/**
 * The seed's formula with a breakdown: title relevance and position score (0.5 each by default),
 * +price and +availability signals for listing queries, plus learned domain trust; capped to
 * [0, 1]. For the local index BM25 relevance stands in for title relevance.
 */
export function scoreResult(input: {
  result: RankInput;
  queryTerms: readonly string[];
  schemaType: SchemaType;
  weights: RankingWeights;
  trust: number;
}): RankedScore {
  const { result, weights } = input;
  const listing = input.schemaType === 'HotelListing' || input.schemaType === 'ProductListing';
  const text = `${result.title} ${result.snippet}`;
  const breakdown: Record<string, number> = {
    title: weights.title * (result.localRelevance ?? titleRelevance(input.queryTerms, result.title)),
    position: weights.position * positionScore(result.position),
    price: listing && PRICE.test(text) ? weights.price : 0,
    availability: listing && AVAILABILITY.test(text) ? weights.availability : 0,
    trust: weights.trust * input.trust,
  };
  const sum = Object.values(breakdown).reduce((a, b) => a + b, 0);
  const score = Math.min(1, Math.max(0, sum));
  for (const k of Object.keys(breakdown)) breakdown[k] = round(breakdown[k] ?? 0);
  return { score: round(score), breakdown };
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
