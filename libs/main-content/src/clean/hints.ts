import type { Element } from 'domhandler';

/**
 * Class/id vocabulary that says what a block is for. General web-authoring conventions only
 * (the words people name article bodies and page chrome with), never names of particular sites.
 */

/** Names of containers that usually hold the article body. */
export const POSITIVE =
  /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|rich-?text/;

/** Names of page chrome, promotion and interaction blocks. */
export const NEGATIVE =
  /-ad-|\bads?\b|advert|hidden|^hid$|\bhid\b|banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|taboola|promo|related|recirc|scroll|share|sharing|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|newsletter|subscri|signup|sign-up|cookie|consent|popup|modal|social|byline|author|caption|credit|breadcrumb/;

/** Names that make a block an unlikely article container (removed before scoring). */
export const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|newsletter|cookie|consent|outbrain|taboola|recirc/;

/**
 * Names of blocks that are never the article even when nothing better is found (reader
 * comments, consent and subscription overlays, recommendation widgets); removed in every attempt.
 */
export const NEVER_CONTENT =
  /comment(?!ary|ator)|disqus|replies|gdpr|cookie|consent|newsletter|agegate|outbrain|taboola|popup/;

/** Embedded posts and media (tweets, Instagram posts) quoted by the story are part of it. */
export const EMBED = /embed(?![\w-]*(?:caption|credit))/;

/** Names that rescue an otherwise unlikely container. */
export const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow|embed/;

/** ARIA roles of page chrome. */
export const CHROME_ROLES: ReadonlySet<string> = new Set([
  'menu',
  'menubar',
  'complementary',
  'navigation',
  'alert',
  'alertdialog',
  'dialog',
  'banner',
  'contentinfo',
  'search',
]);

/** Names of blocks inside an article body that are not the body itself. */
export const BOILERPLATE_IN_BODY =
  /share|sharing|social|related|recirc|newsletter|subscri|signup|sign-up|promo|advert|\bads?\b|-ad-|ad-(?:slot|unit|container|wrapper)|sponsor|outbrain|taboola|comment|disqus|byline|author|dateline|timestamp|caption|credit|breadcrumb|tags|topics|read-?more|more-?stories|most-?(?:read|popular)|trending|toolbar|print|rating|cookie|consent|paywall|inline-?(?:link|promo)|bio\b|pull-?quote|gallery|slideshow|slider|carousel|(?:entry|post|article)-?meta\b|\bdate\b|published|posted-?on/;

/** Class/id weight: +25 per positive name, -25 per negative one (class and id judged apart). */
export function classWeight(el: Element): number {
  let weight = 0;
  for (const value of [el.attribs['class'], el.attribs['id']]) {
    if (value === undefined || value === '') continue;
    const v = value.toLowerCase();
    if (NEGATIVE.test(v) && !EMBED.test(v)) weight -= 25;
    if (POSITIVE.test(v)) weight += 25;
  }
  if (el.attribs['itemprop']?.includes('articleBody')) weight += 50;
  return weight;
}
