import type { PageSnapshot } from '@forage/contracts';
import type { FoundUrl } from './frontier.js';
import { pageFileOf, type CrawledPage } from './page-record.js';

/** What to do with one visited page: write it as Markdown, or list it with the reason it was not written. */
export type PageResult =
  | { readonly kind: 'write'; readonly record: CrawledPage; readonly markdown: string }
  | { readonly kind: 'list'; readonly record: CrawledPage };

/**
 * Judges a rendered page. Walls (captcha, login, 403/429/503), robots.txt and egress refusals are
 * `blocked`, other HTTP errors and pages without readable content are `error`; neither is ever
 * written as content. The Markdown starts with a small front matter naming the page.
 */
export function judgePage(input: { found: FoundUrl; page: PageSnapshot; fetchedAt: string }): PageResult {
  const { found, page, fetchedAt } = input;
  const base: CrawledPage = {
    url: found.url,
    ...(page.finalUrl !== found.url ? { finalUrl: page.finalUrl } : {}),
    status: 'ok',
    httpStatus: page.status,
    depth: found.depth,
    logRecordId: page.logRecordId,
    evidence: [
      page.evidence.domSnapshot.sha256,
      ...(page.evidence.screenshot ? [page.evidence.screenshot.sha256] : []),
    ],
    fetchedAt,
  };
  if (page.outcome.kind === 'blocked')
    return {
      kind: 'list',
      record: { ...base, status: 'blocked', reason: `${page.outcome.reason}: ${page.outcome.detail}` },
    };
  if (page.status >= 400)
    return { kind: 'list', record: { ...base, status: 'error', reason: `HTTP ${page.status}` } };
  const content = page.mainContent;
  if (!content)
    return { kind: 'list', record: { ...base, status: 'error', reason: 'no main content was extracted' } };
  const title = (content.title || page.title).trim();
  const record: CrawledPage = {
    ...base,
    title,
    ...(page.language ? { language: page.language } : {}),
    file: pageFileOf(found.url),
    links: page.links ? [...page.links] : [],
  };
  const body =
    /^#\s/.test(content.markdown) || !title ? content.markdown : `# ${title}\n\n${content.markdown}`;
  const front = [
    '---',
    `url: ${JSON.stringify(found.url)}`,
    `title: ${JSON.stringify(title)}`,
    `fetched_at: ${fetchedAt}`,
    '---',
    '',
  ];
  return { kind: 'write', record, markdown: `${front.join('\n')}\n${body.trimEnd()}\n` };
}

/** A page that could not be rendered at all: listed with the error's code and message. */
export function failedPage(input: {
  found: FoundUrl;
  code: string;
  message: string;
  fetchedAt: string;
}): CrawledPage {
  return {
    url: input.found.url,
    status: input.code === 'egress_denied' ? 'blocked' : 'error',
    reason: `${input.code}: ${input.message}`.slice(0, 500),
    depth: input.found.depth,
    fetchedAt: input.fetchedAt,
  };
}
