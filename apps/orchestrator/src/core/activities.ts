import type {
  ContentChunk,
  EvidenceRef,
  answerQuestion,
  Claim,
  CommandReply,
  extractPage,
  InputQuestion,
  PageAction,
  searchQuery,
  SourcedChunk,
  StepName,
  understandPage,
  verifyRun,
} from '@forage/contracts';

import type { InstructionStep } from '@forage/question';
import type { Detail, DetailValue, RecalledDetail } from './memory/details.js';
import type { PageControl } from './explore/controls.js';
import type { Checkpoint } from './loop/checkpoint.js';

export type SearchReply = CommandReply<typeof searchQuery>;
export type PageSnapshot = CommandReply<typeof extractPage>;
/** A page's understanding with its chunks (the understand activity reads them from their stored set). */
export type PageUnderstanding = Omit<CommandReply<typeof understandPage>, 'chunkSet'> & {
  readonly chunks: ContentChunk[];
};
export type AnswerReply = CommandReply<typeof answerQuestion>;
/** A name processing found on the page about the question's subject, and the query for a second hop. */
export type Lead = NonNullable<AnswerReply['leads']>[number];
export type VerifyReply = CommandReply<typeof verifyRun>;

export interface StepReport {
  readonly step: StepName;
  readonly status: 'started' | 'succeeded' | 'failed';
  readonly detail: string;
  readonly durationMs: number | null;
}

/** A page after the orchestrator acted on it in a browser session. */
export interface ActedPage {
  readonly url: string;
  /** The page after the last action that ran; its chunks cite this capture. */
  readonly domSnapshot: EvidenceRef;
  /** The record of the last action: it holds the after-snapshot the new chunks cite. */
  readonly logRecordId: string;
  readonly recordIds: readonly string[];
  /** Descriptions of the actions that ran. */
  readonly done: readonly string[];
  /** Confirmation, error or status text the page showed. */
  readonly messages: readonly { kind: string; text: string }[];
}

/** Every side effect the research loop needs; the loop itself stays pure and testable with fakes. */
export interface Activities {
  search(query: string): Promise<SearchReply>;
  extract(url: string): Promise<PageSnapshot>;
  understand(page: { url: string; domSnapshot: EvidenceRef }): Promise<PageUnderstanding>;
  /** The captured DOM of a page (for its links, forms and disclosure controls). */
  pageHtml(domSnapshot: EvidenceRef): Promise<string>;
  /** Opens the URL in the run's browser session and performs the actions in order. */
  act(input: {
    url: string;
    actions: readonly PageAction[];
    described: readonly string[];
  }): Promise<ActedPage>;
  answer(question: string, chunks: readonly SourcedChunk[]): Promise<AnswerReply>;
  verify(claims: readonly Claim[], expectedRecordIds: readonly string[]): Promise<VerifyReply>;
  report(step: StepReport): Promise<void>;
  /**
   * Details the memory bank holds (unexpired), by key, each with the site it was given for;
   * secrets come back as this run's handles.
   */
  recall(keys: readonly string[]): Promise<ReadonlyMap<string, RecalledDetail>>;
  /**
   * Asks the user (needs_input) and waits, bounded; the answers by key (sensitive ones as this
   * run's secret handles), kept in memory when the user agrees. Undefined when no answer came.
   */
  askUser(input: {
    reason: string;
    url?: string;
    /** The site the answers are given for: memory keeps them bound to it, secrets open only there. */
    origin?: string;
    questions: readonly InputQuestion[];
    details: readonly Detail[];
  }): Promise<ReadonlyMap<string, DetailValue> | undefined>;
  /**
   * With a model configured: which of a page's controls each instruction step means, by step
   * index (proposals that ground.ts takes only where they fit). Absent without a model.
   */
  chooseElements?(input: {
    instruction: string;
    steps: readonly InstructionStep[];
    controls: readonly PageControl[];
  }): Promise<ReadonlyMap<number, PageControl>>;
  /** Saves where the run is, so a redelivered run continues from there. */
  checkpoint(cp: Checkpoint): Promise<void>;
  /** Why the run was cancelled, once it was. */
  cancelled(): string | undefined;
  /** Milliseconds of run time (time spent waiting for the user does not count). */
  now(): number;
}
