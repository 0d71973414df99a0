import type { MainContent } from '@forage/contracts';

/** The contract's limits on the main content a snapshot carries (it must stay well under 1 MB). */
export const MAIN_CONTENT_LIMITS = { title: 1_000, text: 200_000, markdown: 300_000 } as const;

/** Cuts `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Fits extracted main content into the contract; `truncated` says whether anything was cut. */
export function capMainContent(extracted: { title: string; text: string; markdown: string }): MainContent {
  const title = clip(extracted.title, MAIN_CONTENT_LIMITS.title);
  const text = clip(extracted.text, MAIN_CONTENT_LIMITS.text);
  const markdown = clip(extracted.markdown, MAIN_CONTENT_LIMITS.markdown);
  return {
    title,
    text,
    markdown,
    truncated:
      text.length < extracted.text.length ||
      markdown.length < extracted.markdown.length ||
      title.length < extracted.title.length,
  };
}
