/**
 * Where a question may be answered from. A question about a page the user names (`--url`, a URL
 * in the question, or "this page / this product / this article") is answered from that page and
 * the pages it links to on its own site (from a site's home page: that site, at any depth); the run
 * searches nowhere else unless the question asks to go further ("… and on other sites", "search the
 * web for …").
 */
export type Scope =
  | { readonly kind: 'open' }
  | {
      readonly kind: 'page';
      /** The pages the user named; empty when the question says "this page" but names none. */
      readonly pages: readonly string[];
      /** Their origins: links are followed on these sites only. */
      readonly origins: readonly string[];
      /**
       * The user gave a site's home page ("On https://x.example/ what is …?"), not a page about the
       * thing asked: the run explores that site at any depth (within its page budget), still nowhere else.
       */
      readonly site: boolean;
      /** Why the run is held to the page, for the report. */
      readonly why: string;
    };

/** "this page", "this product", "the article above": the question points at a page it is about. */
const DEICTIC =
  /\b(?:this|that|the (?:current|given|linked|above))\s+(?:web\s*)?(?:page|product|article|item|post|listing|document|site|website|offer|recipe|hotel|paper|story|entry)\b/i;

/** Words that ask the run to leave the page: other sites, the web, a comparison elsewhere. */
const WIDENING =
  /\b(?:elsewhere|other (?:sites|websites|shops|stores|sellers|sources|pages on the web)|on the (?:web|internet)|(?:search|look) (?:the web|online|around|more widely)|across the web|beyond (?:this|that|the) (?:page|site))\b/i;

export function scopeOf(input: { question: string; startUrls: readonly string[] }): Scope {
  const { question, startUrls } = input;
  const deictic = DEICTIC.exec(question)?.[0];
  if (startUrls.length === 0 && !deictic) return { kind: 'open' };
  const widening = WIDENING.exec(question)?.[0];
  if (widening) return { kind: 'open' };
  const origins = [...new Set(startUrls.flatMap((u) => originOf(u) ?? []))];
  const why =
    startUrls.length === 0
      ? `the question is about "${deictic ?? 'this page'}" but names no page (give it with --url)`
      : `the question is about the page${startUrls.length > 1 ? 's' : ''} given (${startUrls.join(', ')})`;
  const site = !deictic && startUrls.length > 0 && startUrls.every(isHomePage);
  return { kind: 'page', pages: [...startUrls], origins, site, why };
}

/** A site's home page: its root, with no query. */
function isHomePage(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.pathname === '/' || u.pathname === '') && u.search === '';
  } catch {
    return false;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
