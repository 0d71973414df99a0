/** Options for {@link extractMainContent}. */
export interface ExtractOptions {
  /** The page's URL: relative links in the Markdown are resolved against it. */
  readonly url?: string;
}

/** How the body was found, and how big the page and the result were. */
export interface ExtractionStats {
  /** elements in the page after removing scripts, styles and hidden blocks */
  readonly elements: number;
  /**
   * `scored`: the best-scoring container; `relaxed`: the same after a retry that keeps blocks named
   * like page chrome (the first try found too little); `json-ld`: the page's schema.org articleBody,
   * used only when the DOM gave next to nothing; `whole-page`: nothing scored, the body was kept;
   * `empty`: no document body at all.
   */
  readonly strategy: 'scored' | 'relaxed' | 'json-ld' | 'whole-page' | 'empty';
  /** characters and words of the extracted text */
  readonly chars: number;
  readonly words: number;
}

/** The article body of a page, as plain text and as Markdown, with page metadata. */
export interface MainContent {
  readonly title: string;
  /** the body as plain text, paragraphs separated by blank lines */
  readonly text: string;
  /** the body as Markdown: headings, lists, tables, links (absolute), code blocks */
  readonly markdown: string;
  readonly byline?: string;
  readonly lang?: string;
  readonly stats: ExtractionStats;
}
