/** What JSON-LD (schema.org) blocks say about the article, when a page embeds them. */
export interface JsonLdArticle {
  headline?: string;
  articleBody?: string;
  author?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function authorName(value: Json | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const names = value.map(authorName).filter((n): n is string => n !== undefined && n !== '');
    return names.length > 0 ? names.join(', ') : undefined;
  }
  if (isObject(value) && typeof value['name'] === 'string') return value['name'];
  return undefined;
}

function collect(value: Json | undefined, into: JsonLdArticle): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
    return;
  }
  if (!isObject(value)) return;
  const body = value['articleBody'];
  if (typeof body === 'string' && body.length > (into.articleBody?.length ?? 0)) into.articleBody = body;
  const headline = value['headline'];
  if (typeof headline === 'string' && into.headline === undefined) into.headline = headline;
  if (into.author === undefined) into.author = authorName(value['author']);
  collect(value['@graph'], into);
  collect(value['mainEntity'], into);
}

/** Reads headline, articleBody and author from the page's JSON-LD scripts; bad JSON is skipped. */
export function readJsonLd(scripts: readonly string[]): JsonLdArticle {
  const article: JsonLdArticle = {};
  for (const source of scripts) {
    try {
      collect(JSON.parse(source) as Json, article);
    } catch {
      // pages ship malformed JSON-LD often enough; it is only a hint
    }
  }
  return article;
}
