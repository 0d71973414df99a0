import type { HopChain, InstructionStep } from '@forage/question';
import type { Scope } from './scope.js';

/** The five kinds of request the orchestrator plans for. */
export type RequestKind = 'fact' | 'multi' | 'listing' | 'explore' | 'task';

/** One question the run answers and verifies on its own; a multi-part request has several. */
export interface Part {
  readonly id: string;
  readonly question: string;
  /** The named thing the part is about ("Sobrica"), when the question names one. */
  readonly entity?: string;
  /** Canonical attribute id from the lexicon ("population"), when the question asks for one. */
  readonly attribute?: string;
  /** The first search query for the part. */
  readonly query: string;
  /** The part's place in a nested question's chain: its subject is the previous hop's value. */
  readonly hop?: { readonly chain: string; readonly index: number; readonly of: number };
}

/** How the parts' answers make the final answer. */
export type Combine =
  | { readonly kind: 'single' }
  | { readonly kind: 'all' }
  | {
      readonly kind: 'compare';
      readonly pick: 'max' | 'min';
      /** "Is A larger than B?": the entity the question asks about; the answer is yes or no for it. */
      readonly asks?: string;
    };

/**
 * What a listing or set request wants: items of a kind, where, within which limits, ranked how,
 * and what is done with them (listed, counted, summed, averaged).
 */
export interface ListingSpec {
  /** The noun asked for, as written ("hotels", "hotel"). */
  readonly noun: string;
  readonly place?: string;
  readonly maxPrice?: number;
  readonly minRating?: number;
  /** Required features in the user's words ("free parking"). */
  readonly features: readonly string[];
  /** The author items must be by ("papers by M. Kessa"). */
  readonly author?: string;
  /** A kind narrower than the noun ("hiking" tents, "the Stoves category"). */
  readonly category?: string;
  /** Ranked by an attribute id: price, rating, or one a table states (population, area…). */
  readonly rank?: { readonly by: string; readonly order: 'asc' | 'desc' };
  /** How many items the user wants (1 for a superlative). */
  readonly limit?: number;
  /** The operation over the selected items; absent: they are listed. */
  readonly aggregate?:
    { readonly kind: 'count' } | { readonly kind: 'sum' | 'average'; readonly attribute: string };
  /** The attribute asked of each selected item ("the population of the three smallest countries"). */
  readonly asked?: string;
}

/** A task on a page: what to do and the values the user gave. */
export interface TaskSpec {
  readonly verb: string;
  /** Values the request gave, and details recalled from memory or asked (secrets by handle). */
  readonly fields: readonly {
    readonly label: string;
    readonly value: string | { readonly secretHandle: string };
  }[];
  /** Submitting, buying or sending happens only when the request asks for it. */
  readonly submit: boolean;
}

export type NavigatorAction = 'SEARCH' | 'VISIT' | 'AGGREGATE' | 'GO_BACK' | 'ACT' | 'TERMINATE';

export interface PlannedStep {
  readonly action: NavigatorAction;
  readonly detail: string;
}

export interface Plan {
  readonly kind: RequestKind;
  readonly question: string;
  readonly parts: readonly Part[];
  readonly combine: Combine;
  readonly listing?: ListingSpec;
  /**
   * A nested question's hops, innermost first: the run answers `parts` (the first hop) and each
   * hop's verified value becomes the next hop's subject.
   */
  readonly chain?: HopChain;
  readonly task?: TaskSpec;
  /**
   * An instruction to act on the page the user gave ("click the second link", `type "x" into the
   * search box and press Enter`): its steps, grounded on that page's controls as the run goes.
   */
  readonly instruction?: readonly InstructionStep[];
  /** A site the user named (origin or host); exploration stays on it. */
  readonly site?: string;
  /** Pages to read first (the user's own URLs). */
  readonly startUrls: readonly string[];
  /** Where answers may come from: the page the user named, or anywhere (absent: anywhere). */
  readonly scope?: Scope;
  readonly steps: readonly PlannedStep[];
  readonly source: 'heuristic' | 'llm';
}
