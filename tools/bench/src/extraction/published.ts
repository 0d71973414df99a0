/**
 * Published scores of the article-extraction-benchmark (README.rst at commit 4a3bc97, "latest
 * evaluation"), copied from the staged SOURCE.md.
 */
export interface PublishedScore {
  readonly f1: number;
  readonly precision: number;
  readonly recall: number;
  readonly accuracy: number;
}

export const PUBLISHED: Readonly<Record<string, PublishedScore>> = {
  rs_trafilatura: { f1: 0.97, precision: 0.951, recall: 0.99, accuracy: 0.287 },
  go_trafilatura: { f1: 0.96, precision: 0.94, recall: 0.98, accuracy: 0.287 },
  trafilatura: { f1: 0.958, precision: 0.938, recall: 0.978, accuracy: 0.293 },
  readability_js: { f1: 0.947, precision: 0.914, recall: 0.982, accuracy: 0.166 },
  go_readability: { f1: 0.934, precision: 0.9, recall: 0.971, accuracy: 0.188 },
  readability: { f1: 0.922, precision: 0.913, recall: 0.931, accuracy: 0.315 },
  goose3: { f1: 0.896, precision: 0.94, recall: 0.856, accuracy: 0.232 },
  justext: { f1: 0.804, precision: 0.858, recall: 0.756, accuracy: 0.088 },
  'html-text': { f1: 0.665, precision: 0.5, recall: 0.994, accuracy: 0 },
};

/** The peers whose published F1 the metric self-check must reproduce to three decimals. */
export const SELF_CHECK_PEERS = ['readability_js', 'trafilatura', 'html-text', 'rs_trafilatura'] as const;
