import type {
  EvidenceRef,
  InteractiveElement,
  answerQuestion,
  Claim,
  CommandReply,
  extractPage,
  searchQuery,
  SourcedChunk,
  StepName,
  understandPage,
  verifyRun,
} from '@forage/contracts';

export type SearchReply = CommandReply<typeof searchQuery>;
export type PageSnapshot = CommandReply<typeof extractPage>;
export type PageUnderstanding = CommandReply<typeof understandPage>;
export type AnswerReply = CommandReply<typeof answerQuestion>;
export type VerifyReply = CommandReply<typeof verifyRun>;

export interface StepReport {
  readonly step: StepName;
  readonly status: 'started' | 'succeeded' | 'failed';
  readonly detail: string;
  readonly durationMs: number | null;
}

/** A page after the orchestrator clicked disclosure controls on it, in its own browser session. */
export interface ExpandedPage {
  readonly url: string;
  readonly domSnapshot: EvidenceRef;
  /** The record of the last action: it holds the after-snapshot the new chunks cite. */
  readonly logRecordId: string;
  readonly recordIds: readonly string[];
  readonly clicked: readonly string[];
}

/** Every side effect the research loop needs; the loop itself stays pure and testable with fakes. */
export interface Activities {
  search(query: string): Promise<SearchReply>;
  extract(url: string): Promise<PageSnapshot>;
  understand(page: { url: string; domSnapshot: EvidenceRef }): Promise<PageUnderstanding>;
  expand(input: {
    url: string;
    controls: readonly InteractiveElement[];
    pageIndex: number;
  }): Promise<ExpandedPage>;
  answer(question: string, chunks: readonly SourcedChunk[]): Promise<AnswerReply>;
  verify(claims: readonly Claim[], expectedRecordIds: readonly string[]): Promise<VerifyReply>;
  report(step: StepReport): Promise<void>;
  now(): number;
}
